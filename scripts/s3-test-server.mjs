// A throw-away S3-compatible store on 127.0.0.1 for the multi-instance stage and benchmarks (the API tests start
// their own through test/fakes/s3-server.ts). Runs until killed; prints the app's environment when ready.
//   node scripts/s3-test-server.mjs PORT DIR [BUCKET]
import S3rver from '@20minutes/s3rver';

const [port = '4569', directory = '/tmp/pfotenbuch-s3', bucket = 'pfotenbuch'] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  silent: true,
  directory,
  vhostBuckets: false,
  // The SDK signs bucket-level requests as "/<bucket>/", s3rver checks "/<bucket>": see test/fakes/s3-server.ts.
  allowMismatchedSignatures: true,
  configureBuckets: [{ name: bucket }],
});
await server.run();
console.log(
  [
    'MEDIA_STORAGE=s3',
    `S3_ENDPOINT=http://127.0.0.1:${port}`,
    'S3_REGION=us-east-1',
    `S3_BUCKET=${bucket}`,
    'S3_ACCESS_KEY_ID=S3RVER',
    'S3_SECRET_ACCESS_KEY=S3RVER',
    'S3_FORCE_PATH_STYLE=true',
  ].join('\n'),
);
const stop = () => server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
