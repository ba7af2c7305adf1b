import PDFDocument from 'pdfkit';
import type { VetPractice } from './health.schemas.js';

/**
 * The vet-ready health record: an A4 PDF in German made with pdfkit (0.20, runs on Node 20; the built-in Helvetica
 * covers German text). Sections in the order a vet reads them: dog, practice, allergies, current medication,
 * vaccinations, last weights, visits, findings. Lists are bounded by the caller; long texts are cut.
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
  visits: { date: string; reason: string; diagnosis: string | null; treatment: string | null }[];
  findings: { date: string; title: string; text: string | null }[];
}

export const germanDate = (iso: string | null) => (iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : '–');
const SEVERITY: Record<string, string> = { mild: 'leicht', moderate: 'mittel', severe: 'schwer' };
const cut = (s: string | null, n = 400) => (s && s.length > n ? `${s.slice(0, n - 1)}…` : (s ?? ''));
const kg = (n: number) => `${n.toLocaleString('de-DE', { maximumFractionDigits: 1 })} kg`;

const MARGIN = 50;
const ACCENT = '#b45309';

/** Lets other requests run between pieces of the layout (pdfkit works synchronously). */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));
const ROWS_PER_SLICE = 25;

/**
 * Lays the document out in slices: between sections and every 25 table rows it yields to the event loop, so a
 * long record (~85 ms of layout for ten years) does not hold other requests up in one piece.
 */
export async function renderHealthRecord(data: HealthRecordData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Gesundheitspass ${data.dog.name}`, Author: data.appName, Subject: 'Gesundheitsakte für die Tierarztpraxis' },
    lang: 'de-DE',
    bufferPages: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;

  const heading = (text: string) => {
    if (doc.y > doc.page.height - 140) doc.addPage();
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor(ACCENT).text(text, MARGIN, doc.y, { width });
    doc
      .moveTo(MARGIN, doc.y + 2)
      .lineTo(MARGIN + width, doc.y + 2)
      .strokeColor(ACCENT)
      .lineWidth(0.7)
      .stroke();
    doc.moveDown(0.5).font('Helvetica').fontSize(10).fillColor('#111111');
  };
  const line = (label: string, value: string) => {
    doc
      .font('Helvetica-Bold')
      .text(`${label}: `, { continued: true })
      .font('Helvetica')
      .text(value || '–');
  };
  const none = (text: string) => doc.font('Helvetica-Oblique').fillColor('#555555').text(text).font('Helvetica').fillColor('#111111');
  /** A simple table: fixed column widths (fractions of the page), header row in bold, rows wrap. */
  const table = async (columns: [string, number][], rows: string[][]) => {
    const xs: number[] = [];
    let x = MARGIN;
    for (const [, frac] of columns) {
      xs.push(x);
      x += frac * width;
    }
    const drawRow = (cells: string[], bold: boolean) => {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5);
      const heights = cells.map((c, i) => doc.heightOfString(c || '–', { width: (columns[i]?.[1] ?? 0) * width - 6 }));
      const h = Math.max(...heights) + 4;
      if (doc.y + h > doc.page.height - MARGIN - 20) {
        doc.addPage();
        // The header again on the new page, then back to this row's font.
        if (!bold)
          drawRow(
            columns.map(([c]) => c),
            true,
          );
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5);
      }
      const y = doc.y;
      cells.forEach((c, i) => doc.text(c || '–', xs[i] ?? MARGIN, y, { width: (columns[i]?.[1] ?? 0) * width - 6 }));
      doc.x = MARGIN;
      doc.y = y + h;
    };
    drawRow(
      columns.map(([c]) => c),
      true,
    );
    for (const [i, r] of rows.entries()) {
      drawRow(r, false);
      if (i % ROWS_PER_SLICE === ROWS_PER_SLICE - 1) await breathe();
    }
    doc.font('Helvetica').fontSize(10);
  };

  doc.font('Helvetica-Bold').fontSize(22).fillColor(ACCENT).text(`Gesundheitspass: ${data.dog.name}`);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#555555')
    .text(`Erstellt am ${germanDate(data.generatedOn)} mit ${data.appName}. Angaben der Halterin bzw. des Halters.`);
  doc.fillColor('#111111').fontSize(10);

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

  heading('Allergien und Unverträglichkeiten');
  if (data.allergies.length === 0) none('Keine bekannt.');
  else
    await table(
      [
        ['Allergen', 0.3],
        ['Schwere', 0.15],
        ['Reaktion', 0.55],
      ],
      data.allergies.map((a) => [a.allergen, a.severity ? (SEVERITY[a.severity] ?? '') : '', cut(a.reaction)]),
    );

  heading('Aktuelle Medikamente');
  if (data.medications.length === 0) none('Keine.');
  else
    await table(
      [
        ['Medikament', 0.28],
        ['Dosis', 0.17],
        ['Schema', 0.27],
        ['Seit', 0.14],
        ['Bis', 0.14],
      ],
      data.medications.map((m) => [m.name, m.dosage ?? '', m.schedule ?? '', germanDate(m.start_date), m.end_date ? germanDate(m.end_date) : 'laufend']),
    );

  await breathe();
  heading('Impfungen');
  if (data.vaccinations.length === 0) none('Keine eingetragen.');
  else
    await table(
      [
        ['Datum', 0.14],
        ['Impfung', 0.3],
        ['Nächste', 0.14],
        ['Charge', 0.18],
        ['Tierarzt', 0.24],
      ],
      data.vaccinations.map((v) => [germanDate(v.date), v.vaccine, germanDate(v.next_due), v.batch_number ?? '', v.vet_name ?? '']),
    );

  await breathe();
  heading('Gewicht (letzte Messungen)');
  if (data.weights.length === 0) none('Keine Messungen.');
  else
    await table(
      [
        ['Datum', 0.3],
        ['Gewicht', 0.7],
      ],
      data.weights.map((w) => [germanDate(w.date), kg(w.weight_kg)]),
    );

  await breathe();
  heading('Tierarztbesuche');
  if (data.visits.length === 0) none('Keine eingetragen.');
  else
    await table(
      [
        ['Datum', 0.14],
        ['Anlass', 0.26],
        ['Diagnose', 0.3],
        ['Behandlung', 0.3],
      ],
      data.visits.map((v) => [germanDate(v.date), v.reason, cut(v.diagnosis, 300), cut(v.treatment, 300)]),
    );

  await breathe();
  heading('Befunde');
  if (data.findings.length === 0) none('Keine eingetragen.');
  else
    await table(
      [
        ['Datum', 0.14],
        ['Befund', 0.3],
        ['Ergebnis', 0.56],
      ],
      data.findings.map((f) => [germanDate(f.date), f.title, cut(f.text, 600)]),
    );

  // Page numbers in the footer of every page.
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // Below the bottom margin pdfkit would start a new page; the footer may sit there.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#555555')
      .text(`${data.dog.name} · Seite ${i + 1} von ${range.count}`, MARGIN, doc.page.height - MARGIN + 10, { width, align: 'center', lineBreak: false });
  }
  doc.end();
  return done;
}
