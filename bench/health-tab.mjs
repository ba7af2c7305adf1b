// Health tab benchmark (issue 11): the health tab's requests for a dog with ten years of records (500 weights,
// 100 vaccinations, 200 vet visits, plus medications, allergies, findings): p50/p95 each under 20 ms; and the
// vet-ready PDF for that dog: time and the server's memory. Rows go straight into the app's SQLite file.
// Run: npm run build && node bench/health-tab.mjs   (about half a minute; writes its section of docs/performance.md)
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedHealthRecords } from './health-seed.mjs';
import { machine, percentile, rssMb, registerUser, startBenchApp, timedGet, writeSection } from './lib.mjs';

const RUNS = 300;
const PDF_RUNS = 30;
const dataDir = mkdtempSync(join(tmpdir(), 'pfotenbuch-bench-health-'));
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const pdfAgent = new Agent({ keepAlive: true, maxSockets: 2 });

async function measure(name, url, cookie, runs = RUNS) {
  for (let i = 0; i < 20; i++) await timedGet(url, cookie, agent); // warm-up: statement cache, JIT
  const times = [];
  let size = 0;
  for (let i = 0; i < runs; i++) {
    const r = await timedGet(url, cookie, agent);
    if (r.status !== 200) throw new Error(`${name}: HTTP ${r.status} ${r.body}`);
    times.push(r.ms);
    size = r.body.length;
  }
  times.sort((a, b) => a - b);
  const row = { name, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), max: times[times.length - 1], kb: size / 1024 };
  console.log(`${name}: p50 ${row.p50.toFixed(2)} ms, p95 ${row.p95.toFixed(2)} ms, ${row.kb.toFixed(1)} KB`);
  return row;
}

const procs = [];
try {
  const app = await startBenchApp(3995, dataDir);
  procs.push(app.child);
  const json = { 'content-type': 'application/json' };
  const cookie = await registerUser(app.url, 'health@example.de');
  const dogRes = await fetch(`${app.url}/api/dogs`, {
    method: 'POST',
    headers: { ...json, cookie },
    body: JSON.stringify({ name: 'Bello', chip_number: '276098106543210' }),
  });
  const dog = await dogRes.json();
  if (dogRes.status !== 201) throw new Error(`dog failed: ${dogRes.status}`);
  await fetch(`${app.url}/api/dogs/${dog.id}/vet-practice`, {
    method: 'PUT',
    headers: { ...json, cookie },
    body: JSON.stringify({ name: 'Praxis am Park', phone: '030 123456' }),
  });
  seedHealthRecords(dataDir, dog.id);

  const base = `${app.url}/api/dogs/${dog.id}`;
  const firstWeights = JSON.parse((await timedGet(`${base}/weights?limit=200`, cookie, agent)).body.toString());
  // The requests the health tab makes when it opens (src/client/areas/dog-records/health), plus the weights' next page.
  const rows = [
    await measure('GET /api/dogs/{id}', base, cookie),
    await measure('GET …/vaccinations?limit=20', `${base}/vaccinations?limit=20`, cookie),
    await measure('GET …/medications?limit=20', `${base}/medications?limit=20`, cookie),
    await measure('GET …/allergies?limit=20', `${base}/allergies?limit=20`, cookie),
    await measure('GET …/weights?limit=200', `${base}/weights?limit=200`, cookie),
    await measure('GET …/weights?limit=200&cursor=… (page 2)', `${base}/weights?limit=200&cursor=${firstWeights.next_cursor}`, cookie),
    await measure('GET …/vet-visits?limit=20', `${base}/vet-visits?limit=20`, cookie),
    await measure('GET …/findings?limit=20', `${base}/findings?limit=20`, cookie),
    await measure('GET …/health-documents?limit=20', `${base}/health-documents?limit=20`, cookie),
    await measure('GET …/vet-practice', `${base}/vet-practice`, cookie),
    await measure('GET /api/auth/me (reference)', `${app.url}/api/auth/me`, cookie),
  ];
  const rssBefore = rssMb(app.child.pid);
  const pdf = await measure('GET …/health-record.pdf', `${base}/health-record.pdf`, cookie, PDF_RUNS);
  const rssAfter = rssMb(app.child.pid);
  // The health tab while two PDFs are rendered all the time (the layout yields between slices).
  let rendering = true;
  const renderLoop = async () => {
    while (rendering) await timedGet(`${base}/health-record.pdf`, cookie, pdfAgent);
  };
  const loops = [renderLoop(), renderLoop()];
  const busy = await measure('GET …/weights?limit=200 while 2 PDFs render', `${base}/weights?limit=200`, cookie, 100);
  rendering = false;
  await Promise.all(loops);
  const f = (n) => n.toFixed(2);
  const tab = rows.filter((r) => !/reference/.test(r.name));
  const worst = Math.max(...tab.map((r) => r.p95));
  writeSection(
    'health-tab',
    `## Health tab with ten years of records (\`bench/health-tab.mjs\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()} (load ${loadavg()[0].toFixed(1)}; other engineers' work
shared the 2 cores). Built server (\`dist/server.js\`), SQLite, \`LOG_LEVEL=warn\`. One dog with 500 weights (weekly,
ten years), 100 vaccinations, 200 vet visits, 30 medications, 5 allergies, 60 findings and a practice. ${RUNS}
sequential requests per row over one keep-alive connection after 20 warm-up requests; client-side times, so HTTP,
session check, ownership check and JSON are included. Target: p50/p95 of every health-tab request under 20 ms.

| request | p50 ms | p95 ms | p99 ms | max ms | response KB |
|---|---|---|---|---|---|
${rows.map((r) => `| ${r.name} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} | ${f(r.max)} | ${r.kb.toFixed(1)} |`).join('\n')}

Worst p95 of the health tab's requests: **${f(worst)} ms** (${worst < 20 ? 'under' : 'over'} the 20 ms target). Lists are
keyset pages on (dog_id, date, id) indexes, so their cost does not grow with the dog's history.

**Vet-ready PDF** for that dog (100 vaccinations, 12 last weights, 50 visits, 50 findings, current medication;
about ${Math.round(pdf.kb)} KB, several A4 pages): p50 ${f(pdf.p50)} ms, p95 ${f(pdf.p95)} ms over ${PDF_RUNS} requests.
Server RSS ${rssBefore} MB before and ${rssAfter} MB after the ${PDF_RUNS + 20} PDF requests (pdfkit builds the
document in memory; its size is bounded by the section limits, not by the dog's history). The layout yields to the
event loop between sections and every 25 table rows: with two PDFs rendering back to back all the time,
\`GET …/weights?limit=200\` took p50 ${f(busy.p50)} ms, p95 ${f(busy.p95)} ms (alone: see the table).`,
  );
} finally {
  for (const p of procs) p.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
