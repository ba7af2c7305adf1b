import { createRequire } from 'node:module';
import type PDFKit from 'pdfkit';

/** pdfkit (about 30 MB of memory with its fonts) is loaded on the first PDF, not at start. */
let pdfKit: typeof PDFKit | undefined;
const loadPdfKit = (): typeof PDFKit => (pdfKit ??= createRequire(import.meta.url)('pdfkit') as typeof PDFKit);

/**
 * The house's A4 PDF in German on pdfkit (0.20, runs on Node 20; the built-in Helvetica covers German text): a title,
 * headings with a rule, label/value lines, tables with a repeated header, page numbers. Layout runs in slices that
 * yield to the event loop (pdfkit works synchronously), so a long document does not hold other requests up.
 * Used by the health record and the breeder's puppy record.
 */

const MARGIN = 50;
const ACCENT = '#b45309';
const ROWS_PER_SLICE = 25;

/** Lets other requests run between pieces of the layout. */
export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

export function germanPdf(info: { title: string; author: string; subject: string }) {
  const PDFDocument = loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: info.title, Author: info.author, Subject: info.subject },
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

  const title = (text: string, subtitle: string) => {
    doc.font('Helvetica-Bold').fontSize(22).fillColor(ACCENT).text(text);
    doc.font('Helvetica').fontSize(9).fillColor('#555555').text(subtitle);
    doc.fillColor('#111111').fontSize(10);
  };
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
  /** A heading with its table, or with the `empty` line where there are no rows; other requests run first. */
  const tableSection = async (text: string, empty: string, columns: [string, number][], rows: string[][]) => {
    await breathe();
    heading(text);
    if (rows.length === 0) none(empty);
    else await table(columns, rows);
  };
  /** Page numbers in every page's footer ("<label> · Seite 1 von 3"), then the finished file. */
  const finish = (footerLabel: string): Promise<Buffer> => {
    const range = doc.bufferedPageRange();
    for (let i = 0; i < range.count; i++) {
      doc.switchToPage(range.start + i);
      // Below the bottom margin pdfkit would start a new page; the footer may sit there.
      doc.page.margins.bottom = 0;
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor('#555555')
        .text(`${footerLabel} · Seite ${i + 1} von ${range.count}`, MARGIN, doc.page.height - MARGIN + 10, { width, align: 'center', lineBreak: false });
    }
    doc.end();
    return done;
  };
  return { doc, title, heading, line, none, table, tableSection, finish };
}
