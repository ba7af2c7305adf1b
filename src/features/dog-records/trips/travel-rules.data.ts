/**
 * The pet travel rules as data (issue 51, decisions: Trips abroad). Every row names its legal source and the day
 * it was read (`as_of`); travel-rules.data.test.ts fails for a row without one. What is not known for sure is
 * `'unknown'`, never a guess: the check then says "prüfe es" instead of "ok".
 *
 * Reviewed 2026-12-01 against the sources below (EUR-Lex consolidated texts, gov.uk, BLV, Mattilsynet).
 */

export type RuleCode = 'chip' | 'rabies' | 'passport' | 'ahc' | 'tapeworm' | 'titer';

export interface LegalSource {
  title: string;
  source_url: string;
  as_of: string;
}

const AS_OF = '2026-12-01';

/** The sources, by key; each rule and destination names the ones it rests on. */
export const SOURCES = {
  eu576: {
    title: 'Verordnung (EU) Nr. 576/2013 über die Verbringung von Heimtieren zu anderen als Handelszwecken (Art. 6, 10; Anhang III, IV)',
    source_url: 'https://eur-lex.europa.eu/eli/reg/2013/576/oj',
    as_of: AS_OF,
  },
  eu577: {
    title: 'Durchführungsverordnung (EU) Nr. 577/2013, Anhang II (gelistete Gebiete und Drittländer), konsolidiert mit den Änderungen bis 16.09.2024',
    source_url: 'https://eur-lex.europa.eu/eli/reg_impl/2013/577/oj',
    as_of: AS_OF,
  },
  eu2018_772: {
    title: 'Delegierte Verordnung (EU) 2018/772 (Echinococcus multilocularis: Behandlung 24 bis 120 Stunden vor der Einreise)',
    source_url: 'https://eur-lex.europa.eu/eli/reg_del/2018/772/oj',
    as_of: AS_OF,
  },
  eu2018_878: {
    title: 'Durchführungsverordnung (EU) 2018/878 (Finnland, Irland, Malta, Nordirland wenden die Bandwurmbehandlung an)',
    source_url: 'https://eur-lex.europa.eu/eli/reg_impl/2018/878/oj',
    as_of: AS_OF,
  },
  gbBring: {
    title: 'GOV.UK: Bringing your pet dog, cat or ferret to Great Britain',
    source_url: 'https://www.gov.uk/bring-pet-to-great-britain',
    as_of: AS_OF,
  },
  gbTapeworm: {
    title: 'GOV.UK: Tapeworm treatment (dogs only), 24 bis 120 Stunden vor der Einreise',
    source_url: 'https://www.gov.uk/take-pet-abroad/tapeworm-treatment-dogs',
    as_of: AS_OF,
  },
  gbAhc: {
    title: 'GOV.UK: Getting an animal health certificate (in den 10 Tagen vor der Einreise)',
    source_url: 'https://www.gov.uk/taking-your-pet-abroad/getting-an-animal-health-certificate',
    as_of: AS_OF,
  },
  blv: {
    title: 'BLV: Reisen mit Heimtieren – Hunde, Katzen und Frettchen',
    source_url: 'https://www.blv.admin.ch/blv/de/home/tiere/reisen-mit-heimtieren/hunde-katzen-und-frettchen.html',
    as_of: AS_OF,
  },
  mattilsynet: {
    title: 'Mattilsynet (Pressemitteilung): Hunde nach Norwegen 24 bis 120 Stunden vor der Einreise beim Tierarzt gegen den Fuchsbandwurm behandeln',
    source_url: 'https://www.ntbinfo.no/pressemelding/viktig-informasjon-til-hundeeiere?publisherId=10773547&releaseId=13699064',
    as_of: AS_OF,
  },
} satisfies Record<string, LegalSource>;

export type SourceKey = keyof typeof SOURCES;

/** Each rule with the legal text it applies (the travel sheet prints these in German). */
export const RULES: Record<RuleCode, { label: string; text: string; sources: SourceKey[] }> = {
  chip: {
    label: 'Mikrochip',
    text: 'Der Hund ist mit einem Mikrochip gekennzeichnet, gesetzt vor (oder am Tag) der Tollwutimpfung.',
    sources: ['eu576'],
  },
  rabies: {
    label: 'Tollwutimpfung',
    text: 'Gültige Tollwutimpfung bei Einreise und Rückkehr: Erstimpfung ab 12 Wochen, gültig ab dem 21. Tag danach; eine rechtzeitige Auffrischung gilt sofort.',
    sources: ['eu576'],
  },
  passport: {
    label: 'EU-Heimtierausweis',
    text: 'Der EU-Heimtierausweis begleitet den Hund (Chip, Tollwutimpfung, ggf. Bandwurmbehandlung eingetragen).',
    sources: ['eu576', 'blv'],
  },
  ahc: {
    label: 'Tiergesundheitsbescheinigung',
    text: 'Großbritannien: eine Tiergesundheitsbescheinigung (Animal Health Certificate), ausgestellt in den 10 Tagen vor der Einreise.',
    sources: ['gbAhc', 'gbBring'],
  },
  tapeworm: {
    label: 'Bandwurmbehandlung',
    text: 'Behandlung gegen Echinococcus multilocularis durch einen Tierarzt, nicht mehr als 120 und nicht weniger als 24 Stunden vor der Einreise, im Ausweis eingetragen.',
    sources: ['eu2018_772', 'eu2018_878', 'gbTapeworm', 'mattilsynet'],
  },
  titer: {
    label: 'Tollwut-Antikörpertest',
    text: 'Für die Rückkehr aus einem nicht gelisteten Land: Blutentnahme frühestens 30 Tage nach der Impfung und vor der Ausreise aus der EU (oder mindestens 3 Monate vor der Rückkehr), Ergebnis mindestens 0,5 IE/ml.',
    sources: ['eu576', 'eu577'],
  },
};

export interface Destination {
  code: string;
  /** EU member state, EEA/European state with the pet passport, Great Britain, or another country. */
  group: 'eu' | 'europe' | 'gb' | 'other';
  /** Listed in Annex II of 577/2013 (no antibody test on the return); 'unknown' when not verified. */
  listed: boolean | 'unknown';
  rules: RuleCode[];
  sources: SourceKey[];
}

const BASE: RuleCode[] = ['chip', 'rabies', 'passport'];
const eu = (code: string, extra: RuleCode[] = []): Destination => ({
  code,
  group: 'eu',
  listed: true,
  rules: [...BASE, ...extra],
  sources: extra.includes('tapeworm') ? ['eu576', 'eu2018_772', 'eu2018_878'] : ['eu576'],
});
const europe = (code: string, extra: RuleCode[] = [], sources: SourceKey[] = ['eu576', 'eu577']): Destination => ({
  code,
  group: 'europe',
  listed: true,
  rules: [...BASE, ...extra],
  sources,
});
/** A third country listed in Part 2 of Annex II: the home rules of the EU apply on the return, without a titre. */
const listed = (code: string): Destination => ({ code, group: 'other', listed: true, rules: ['chip', 'rabies'], sources: ['eu577'] });
/** Not in Annex II (Russia and Belarus were removed on 16.09.2024): the antibody test for the return. */
const unlisted = (code: string): Destination => ({ code, group: 'other', listed: false, rules: ['chip', 'rabies', 'titer'], sources: ['eu576', 'eu577'] });

export const DESTINATIONS: Destination[] = [
  // The 27 member states; Finland, Ireland and Malta apply the tapeworm treatment (2018/878).
  ...['AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FR', 'DE', 'GR', 'HU', 'IT', 'LV', 'LT', 'LU', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE'].map((c) =>
    eu(c),
  ),
  ...['FI', 'IE', 'MT'].map((c) => eu(c, ['tapeworm'])),
  // Part 1 of Annex II: the pet passport is accepted; Norway applies 2018/772 through the EEA agreement.
  europe('CH', [], ['eu577', 'blv']),
  europe('NO', ['tapeworm'], ['eu577', 'eu2018_772', 'mattilsynet']),
  ...['IS', 'LI', 'AD', 'MC', 'SM', 'VA'].map((c) => europe(c)),
  // Great Britain (Northern Ireland counts as Great Britain here, decisions): certificate and tapeworm, no titre.
  { code: 'GB', group: 'gb', listed: true, rules: ['chip', 'rabies', 'ahc', 'tapeworm'], sources: ['gbBring', 'gbAhc', 'gbTapeworm', 'eu577'] },
  // Part 2 of Annex II, as read in the consolidated text (only entries seen there).
  ...['AC', 'AE', 'BH', 'BM', 'BQ', 'CA', 'CL', 'CW', 'NZ', 'PF', 'PM', 'SG', 'SH', 'SX', 'VG', 'VU', 'WF'].map(listed),
  ...['RU', 'BY', 'TR', 'UA'].map(unlisted),
];

const byCode = new Map(DESTINATIONS.map((d) => [d.code, d]));

/**
 * The destination for an ISO 3166-1 alpha-2 code. A code the table does not hold is a country outside Europe
 * whose listing we have not verified: chip and rabies, and the titre as "unknown".
 */
export function destinationOf(code: string): Destination {
  return byCode.get(code) ?? { code, group: 'other', listed: 'unknown', rules: ['chip', 'rabies', 'titer'], sources: ['eu576', 'eu577'] };
}

const names = new Intl.DisplayNames(['de'], { type: 'region' });

/** The German name of a country code ("Norwegen"); the code itself when ICU has none. */
export function countryName(code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
