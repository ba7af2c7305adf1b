// Baseline: bare node:http answering a fixed JSON body.
import { createServer } from 'node:http';

const body = JSON.stringify({ build: '1', app: 'Pfotenbuch' });
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
