// Baseline: Express 5 hello world answering the same fixed JSON body.
import express from 'express';

const app = express();
app.get('*splat', (_req, res) => {
  res.json({ build: '1', app: 'Pfotenbuch' });
});
const server = app.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
