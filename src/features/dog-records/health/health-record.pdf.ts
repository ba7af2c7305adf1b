import { breathe, germanPdf } from '#core/pdf/pdf-kit.js';
import type { VetPractice } from './health.schemas.js';

/**
 * The vet-ready health record: an A4 PDF in German (core/pdf). Sections in the order a vet reads them: dog, practice, allergies, current medication,
 * vaccinations, last weights, planned vet appointments, visits that took place, findings. Lists are bounded by the caller; long texts are cut.
 */

export interface HealthRecordData {
  generatedOn: string;
  appName: string;
  dog: {
    name: string;
    breed: string | null;
    birth_date: string | null;
    sex: string | null;
    neutered: number | null;
    chip_number: string | null;
    color: string | null;
  };
  practice: VetPractice | undefined;
  allergies: { allergen: string; reaction: string | null; severity: string | null }[];
  medications: { name: string; dosage: string | null; schedule: string | null; start_date: string; end_date: string | null }[];
  vaccinations: { vaccine: string; date: string; next_due: string | null; batch_number: string | null; vet_name: string | null }[];
  weights: { date: string; weight_kg: number }[];
  /** Planned vet visits not yet done, soonest first. */
  appointments: { date: string; reason: string; notes: string | null }[];
  /** Visits that took place; `planned_date` when the appointment had been planned for another day. */
  visits: { date: string; planned_date: string | null; reason: string; diagnosis: string | null; treatment: string | null }[];
  findings: { date: string; title: string; text: string | null }[];
}

export const germanDate = (iso: string | null) => (iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : '–');
const SEVERITY: Record<string, string> = { mild: 'leicht', moderate: 'mittel', severe: 'schwer' };
const cut = (s: string | null, n = 400) => (s && s.length > n ? `${s.slice(0, n - 1)}…` : (s ?? ''));
const kg = (n: number) => `${n.toLocaleString('de-DE', { maximumFractionDigits: 1 })} kg`;

/**
 * Lays the document out in slices (core/pdf): between sections and every 25 table rows it yields to the event
 * loop, so a long record (~85 ms of layout for ten years) does not hold other requests up in one piece.
 */
export async function renderHealthRecord(data: HealthRecordData): Promise<Buffer> {
  const { title, heading, line, none, tableSection, finish } = germanPdf({
    title: `Gesundheitspass ${data.dog.name}`,
    author: data.appName,
    subject: 'Gesundheitsakte für die Tierarztpraxis',
  });
  title(`Gesundheitspass: ${data.dog.name}`, `Erstellt am ${germanDate(data.generatedOn)} mit ${data.appName}. Angaben der Halterin bzw. des Halters.`);

  heading('Hund');
  const d = data.dog;
  line('Name', d.name);
  line('Rasse', d.breed ?? '');
  line('Geboren', germanDate(d.birth_date));
  line('Geschlecht', d.sex === 'female' ? 'Hündin' : d.sex === 'male' ? 'Rüde' : '');
  line('Kastriert', d.neutered === null ? '' : d.neutered ? 'ja' : 'nein');
  line('Chipnummer', d.chip_number ?? '');
  line('Farbe', d.color ?? '');

  await breathe();
  heading('Tierarztpraxis');
  if (!data.practice) none('Keine Praxis eingetragen.');
  else {
    const p = data.practice;
    line('Praxis', p.name);
    line('Telefon', p.phone ?? '');
    line('Notfall', p.emergency_phone ?? '');
    line('E-Mail', p.email ?? '');
    line('Adresse', p.address ?? '');
  }

  await tableSection(
    'Allergien und Unverträglichkeiten',
    'Keine bekannt.',
    [
      ['Allergen', 0.3],
      ['Schwere', 0.15],
      ['Reaktion', 0.55],
    ],
    data.allergies.map((a) => [a.allergen, a.severity ? (SEVERITY[a.severity] ?? '') : '', cut(a.reaction)]),
  );

  await tableSection(
    'Aktuelle Medikamente',
    'Keine.',
    [
      ['Medikament', 0.28],
      ['Dosis', 0.17],
      ['Schema', 0.27],
      ['Seit', 0.14],
      ['Bis', 0.14],
    ],
    data.medications.map((m) => [m.name, m.dosage ?? '', m.schedule ?? '', germanDate(m.start_date), m.end_date ? germanDate(m.end_date) : 'laufend']),
  );

  await tableSection(
    'Impfungen',
    'Keine eingetragen.',
    [
      ['Datum', 0.14],
      ['Impfung', 0.3],
      ['Nächste', 0.14],
      ['Charge', 0.18],
      ['Tierarzt', 0.24],
    ],
    data.vaccinations.map((v) => [germanDate(v.date), v.vaccine, germanDate(v.next_due), v.batch_number ?? '', v.vet_name ?? '']),
  );

  await tableSection(
    'Gewicht (letzte Messungen)',
    'Keine Messungen.',
    [
      ['Datum', 0.3],
      ['Gewicht', 0.7],
    ],
    data.weights.map((w) => [germanDate(w.date), kg(w.weight_kg)]),
  );

  await tableSection(
    'Geplante Tierarzttermine',
    'Keine geplant.',
    [
      ['Termin', 0.14],
      ['Anlass', 0.36],
      ['Notizen', 0.5],
    ],
    data.appointments.map((a) => [germanDate(a.date), a.reason, cut(a.notes, 300)]),
  );

  await tableSection(
    'Tierarztbesuche',
    'Keine eingetragen.',
    [
      ['Datum', 0.14],
      ['Anlass', 0.26],
      ['Diagnose', 0.3],
      ['Behandlung', 0.3],
    ],
    data.visits.map((v) => [
      germanDate(v.date),
      v.planned_date && v.planned_date !== v.date ? `${v.reason} (geplant für ${germanDate(v.planned_date)})` : v.reason,
      cut(v.diagnosis, 300),
      cut(v.treatment, 300),
    ]),
  );

  await tableSection(
    'Befunde',
    'Keine eingetragen.',
    [
      ['Datum', 0.14],
      ['Befund', 0.3],
      ['Ergebnis', 0.56],
    ],
    data.findings.map((f) => [germanDate(f.date), f.title, cut(f.text, 600)]),
  );

  return finish(data.dog.name);
}
