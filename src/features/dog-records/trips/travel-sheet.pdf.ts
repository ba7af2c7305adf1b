import { breathe, germanPdf } from '#core/pdf/pdf-kit.js';
import { germanDate } from '#core/clock.js';
import { rabiesValidity } from './rabies-validity.js';
import { destinationOf, RULES, SOURCES } from './travel-rules.data.js';
import { germanTime } from './trip-time.js';
import type { TravelFacts } from './trips.repo.js';
import type { Trip } from './trips.schemas.js';

/** The disclaimer every trip screen and the travel sheet carry (decisions: Trips abroad). */
export const DISCLAIMER =
  'Eine Hilfe, keine amtliche Bescheinigung und keine Rechtsberatung: Pfotenbuch prüft nur deine eigenen Einträge. Maßgeblich sind der Heimtierausweis, dein Tierarzt und die Behörden des Reiselands; Regeln können sich ändern.';

const STATUS = { ok: 'erledigt', todo: 'offen', blocked: 'so nicht machbar' } as const;

/**
 * The travel sheet (GET /api/trips/{id}/travel-sheet.pdf): the dog, chip, passport, the rabies vaccination with
 * its validity, the tapeworm treatment, the checks, the destination's rules in German with their sources, and the
 * disclaimer. A4 in German on the house's pdfkit layout (core/pdf).
 */
export async function renderTravelSheet(trip: Trip, facts: TravelFacts, appName: string, generatedOn: string): Promise<Buffer> {
  const { title, heading, line, none, tableSection, finish } = germanPdf({
    title: `Reiseblatt ${facts.dog.name}`,
    author: appName,
    subject: `Reise nach ${trip.country_name}`,
  });
  title(`Reiseblatt: ${facts.dog.name} nach ${trip.country_name}`, `Erstellt am ${germanDate(generatedOn)} mit ${appName}. ${DISCLAIMER}`);
  heading('Reise');
  line('Reiseziel', `${trip.country_name} (${trip.country})`);
  line('Einreise', germanTime(new Date(trip.entry_at)));
  line('Rückkehr', trip.return_at ? germanTime(new Date(trip.return_at)) : '–');
  line('Bereit', trip.ready ? 'ja, alle Punkte erledigt' : trip.ready_from ? `frühestens ab ${germanDate(trip.ready_from)}` : 'noch nicht');
  heading('Hund');
  line('Name', facts.dog.name);
  line('Geboren', facts.dog.birth_date ? germanDate(facts.dog.birth_date) : '–');
  line('Chipnummer', facts.dog.chip_number ?? '–');
  line('Chip gesetzt am', facts.dog.chip_implanted_on ? germanDate(facts.dog.chip_implanted_on) : '–');
  line('EU-Heimtierausweis', facts.dog.pet_passport_number ?? '–');
  await breathe();
  const shots = rabiesValidity(facts.rabies, facts.dog).counted.slice(-3);
  await tableSection(
    'Tollwutimpfung',
    'Keine Tollwutimpfung eingetragen.',
    [
      ['Geimpft am', 0.3],
      ['Gültig ab', 0.35],
      ['Gültig bis', 0.35],
    ],
    shots.map((s) => [germanDate(s.date), germanDate(s.valid_from), s.next_due ? germanDate(s.next_due) : 'unbekannt']),
  );
  if (destinationOf(trip.country).rules.includes('tapeworm')) {
    heading('Bandwurmbehandlung');
    if (trip.tapeworm_treated_at) line('Behandelt am', germanTime(new Date(trip.tapeworm_treated_at)));
    else none('Noch nicht eingetragen.');
  }
  await tableSection(
    'Prüfung',
    'Keine Prüfpunkte.',
    [
      ['Punkt', 0.25],
      ['Stand', 0.15],
      ['Was zu tun ist', 0.6],
    ],
    trip.checks.map((c) => [RULES[c.code].label, STATUS[c.status], c.message]),
  );
  const dest = destinationOf(trip.country);
  await tableSection(
    `Regeln für ${trip.country_name}`,
    'Keine Regeln hinterlegt.',
    [
      ['Regel', 0.25],
      ['Inhalt', 0.75],
    ],
    dest.rules.map((r) => [RULES[r].label, RULES[r].text]),
  );
  await tableSection(
    'Quellen',
    '–',
    [
      ['Quelle', 0.55],
      ['Stand', 0.12],
      ['Adresse', 0.33],
    ],
    [...new Set([...dest.sources, ...dest.rules.flatMap((r) => RULES[r].sources)])].map((k) => [
      SOURCES[k].title,
      germanDate(SOURCES[k].as_of),
      SOURCES[k].source_url,
    ]),
  );
  return finish(`Reiseblatt ${facts.dog.name}`);
}
