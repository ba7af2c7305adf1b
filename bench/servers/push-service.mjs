// A push service stand-in for bench/push-fanout.mjs (forked): makes DEVICES browser-like subscriptions (P-256 key
// pair + auth secret, written to SUBS_FILE), answers every POST 201 like FCM, and decrypts each message with
// http_ece so the benchmark counts only pushes a browser could read. IPC: { type: 'count' } → { delivered, bad }.
import { createECDH, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import ece from 'http_ece';

const devices = new Map();
const subscriptions = [];
let delivered = 0;
let bad = 0;
let firstPayload = null;

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const device = devices.get(req.url.replace(/^\/push\//, ''));
    const auth = String(req.headers.authorization ?? '');
    try {
      if (!device || !auth.startsWith('vapid t=') || req.headers['content-encoding'] !== 'aes128gcm') throw new Error('bad request');
      const json = JSON.parse(ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString('utf8'));
      firstPayload ??= json;
      delivered++;
      res.writeHead(201).end();
    } catch {
      bad++;
      res.writeHead(400).end();
    }
  });
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  for (let i = 0; i < Number(process.env.DEVICES ?? 2000); i++) {
    const id = `d${i}-${randomBytes(4).toString('hex')}`;
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16).toString('base64url');
    devices.set(id, { ecdh, auth });
    subscriptions.push({ endpoint: `http://127.0.0.1:${port}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } });
  }
  writeFileSync(process.env.SUBS_FILE, JSON.stringify(subscriptions));
  process.send?.({ port });
});

process.on('message', (m) => {
  if (m?.type === 'count') process.send?.({ type: 'count', delivered, bad, firstPayload });
});
