// Ten years of health records for one dog (500 weights, 100 vaccinations, 200 vet visits, 30 medications,
// 5 allergies, 60 findings), written straight into the app's SQLite file: bench/health-tab.mjs measures the tab
// with them, bench/lighthouse.mjs loads the tab with them.
import { join } from 'node:path';
import SQLite from 'better-sqlite3';

const day = (daysAgo) => new Date(Date.UTC(2026, 10, 20) - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** The records for `dogId` in the SQLite file of the app whose DATA_DIR is `dataDir`. */
export function seedHealthRecords(dataDir, dogId) {
  const db = new SQLite(join(dataDir, 'pfotenbuch.sqlite'));
  db.pragma('busy_timeout = 10000');
  const now = new Date().toISOString();
  const text = 'Untersuchung ohne besonderen Befund, Kontrolle in sechs Monaten. '.repeat(3);
  db.transaction(() => {
    const w = db.prepare('insert into weights (dog_id, date, weight_kg, created_at, updated_at) values (?, ?, ?, ?, ?)');
    for (let i = 0; i < 500; i++) w.run(dogId, day(i * 7), 20 + 8 * Math.sin(i / 40) + (i % 5) / 10, now, now);
    const v = db.prepare(
      'insert into vaccinations (dog_id, vaccine, date, next_due, batch_number, vet_name, notes, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const vaccines = ['Tollwut', 'Staupe', 'Parvovirose', 'Leptospirose', 'Zwingerhusten'];
    for (let i = 0; i < 100; i++) v.run(dogId, vaccines[i % 5], day(i * 36), day(i * 36 - 365), `CH-${1000 + i}`, 'Dr. Wau', null, now, now);
    const vv = db.prepare(
      'insert into vet_visits (dog_id, date, reason, diagnosis, treatment, cost_cents, notes, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    for (let i = 0; i < 200; i++) vv.run(dogId, day(i * 18), `Besuch ${i}`, text, 'Tabletten', 4990 + i, null, now, now);
    const m = db.prepare(
      'insert into medications (dog_id, name, dosage, start_date, end_date, schedule, notes, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    for (let i = 0; i < 30; i++) m.run(dogId, `Medikament ${i}`, '1 Tablette', day(i * 120 + 10), i < 3 ? null : day(i * 120), 'morgens', null, now, now);
    const a = db.prepare('insert into allergies (dog_id, allergen, reaction, severity, created_at, updated_at) values (?, ?, ?, ?, ?, ?)');
    for (let i = 0; i < 5; i++) a.run(dogId, `Allergen ${i}`, 'Juckreiz', 'moderate', now, now);
    const f = db.prepare('insert into findings (dog_id, date, title, text, created_at, updated_at) values (?, ?, ?, ?, ?, ?)');
    for (let i = 0; i < 60; i++) f.run(dogId, day(i * 60), `Blutbild ${i}`, text, now, now);
  })();
  db.close();
}
