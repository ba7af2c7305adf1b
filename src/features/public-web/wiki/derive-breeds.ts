/**
 * One-off derivation of the project's breed file from the research data set:
 *   npx tsx src/features/public-web/wiki/derive-breeds.ts ../shared/reference/breeds.json reference/breeds.json
 * Keeps facts only (names, ids, numbers, categories, keyword lists), drops the merge provenance (`sources`; the
 * source list lives in docs/breeds-sources.md), gives every origin a German name and links crossbreed parents by
 * slug. Not used at run time: the loader reads the output file.
 */
import { readFileSync, writeFileSync } from 'node:fs';

interface Range {
  min: number;
  max: number;
}

interface SourceBreed {
  slug: string;
  name_en: string;
  name_de: string | null;
  alt_names: string[];
  wikidata_id: string | null;
  fci_number: number | null;
  fci_group: number | null;
  fci_section_de: string | null;
  fci_provisional: boolean | null;
  origin_country: string | null;
  origin_country_de: string | null;
  size_class: string | null;
  height_cm: Range | null;
  weight_kg: Range | null;
  life_span_years: Range | null;
  temperament: string[];
  coat: string | null;
  traits_akc: Record<string, string | null> | null;
  status: string | null;
  parent_breeds: string[] | null;
  field_sources: Record<string, string>;
}

/** German names for the origins that have no FCI German name (non-FCI breeds). */
const COUNTRY_DE: Record<string, string> = {
  Afghanistan: 'Afghanistan',
  Albania: 'Albanien',
  Argentina: 'Argentinien',
  Armenia: 'Armenien',
  Australia: 'Australien',
  Belgium: 'Belgien',
  Brazil: 'Brasilien',
  Bulgaria: 'Bulgarien',
  Canada: 'Kanada',
  'Canada and Alaska': 'Kanada und Alaska',
  'Canada, United States': 'Kanada, Vereinigte Staaten',
  'Canary Islands': 'Kanarische Inseln',
  Chile: 'Chile',
  China: 'China',
  Colombia: 'Kolumbien',
  'Corsica (France)': 'Korsika (Frankreich)',
  Croatia: 'Kroatien',
  Cuba: 'Kuba',
  'Czech Republic': 'Tschechien',
  Denmark: 'Dänemark',
  Ecuador: 'Ecuador',
  Egypt: 'Ägypten',
  England: 'England',
  'England, United Kingdom': 'England (Vereinigtes Königreich)',
  'Faroe Islands': 'Färöer',
  Finland: 'Finnland',
  France: 'Frankreich',
  Georgia: 'Georgien',
  Germany: 'Deutschland',
  'Germany, Poland': 'Deutschland, Polen',
  Greece: 'Griechenland',
  Guatemala: 'Guatemala',
  India: 'Indien',
  Iran: 'Iran',
  Ireland: 'Irland',
  Italy: 'Italien',
  Japan: 'Japan',
  Kurdistan: 'Kurdistan',
  Kyrgyzstan: 'Kirgisistan',
  Lithuania: 'Litauen',
  Malaysia: 'Malaysia',
  Mallorca: 'Mallorca',
  Mexico: 'Mexiko',
  Nepal: 'Nepal',
  Netherlands: 'Niederlande',
  'Netherlands, Germany': 'Niederlande, Deutschland',
  'New Zealand': 'Neuseeland',
  'Newfoundland, Canada': 'Neufundland (Kanada)',
  'North Korea': 'Nordkorea',
  Pakistan: 'Pakistan',
  "People's Republic of China": 'China',
  Portugal: 'Portugal',
  'Puerto Rico': 'Puerto Rico',
  Russia: 'Russland',
  'Sarail Upazila': 'Sarail (Bangladesch)',
  Scandinavia: 'Skandinavien',
  Scotland: 'Schottland',
  Slovakia: 'Slowakei',
  'South Africa': 'Südafrika',
  'South Korea': 'Südkorea',
  'Soviet Union': 'Sowjetunion',
  Spain: 'Spanien',
  'Sri Lanka': 'Sri Lanka',
  Sweden: 'Schweden',
  Switzerland: 'Schweiz',
  'Switzerland, Savoy': 'Schweiz, Savoyen',
  Tibet: 'Tibet',
  Turkey: 'Türkei',
  Ukraine: 'Ukraine',
  'Ukraine, Southern Russia, Belarus': 'Ukraine, Südrussland, Belarus',
  'United Kingdom': 'Vereinigtes Königreich',
  'United Kingdom (England)': 'England (Vereinigtes Königreich)',
  'United Kingdom (Scotland)': 'Schottland (Vereinigtes Königreich)',
  'United Kingdom, Belgium, France': 'Vereinigtes Königreich, Belgien, Frankreich',
  'United States': 'Vereinigte Staaten',
  Venezuela: 'Venezuela',
  Vietnam: 'Vietnam',
  Wales: 'Wales',
};

/** Spelling slips in the FCI German list, fixed here so the pages read well. */
const FCI_DE_FIXES: Record<string, string> = {
  'Korea (republik)': 'Südkorea',
  'Nord-mazedonien, Serbien': 'Nordmazedonien, Serbien',
  'Nordrussland, Siberien': 'Nordrussland, Sibirien',
  'Tibet (china)': 'Tibet (China)',
  'Tschechoslowakei (ehemalig)': 'Tschechoslowakei (ehemals)',
  'Zwerg-Terriers': 'Zwergterrier',
};

function germanOrigin(b: SourceBreed): string | null {
  if (b.origin_country_de) return FCI_DE_FIXES[b.origin_country_de] ?? b.origin_country_de;
  if (!b.origin_country) return null;
  const de = COUNTRY_DE[b.origin_country];
  if (!de) throw new Error(`no German name for origin "${b.origin_country}" (${b.slug})`);
  return de;
}

function main(): void {
  const [input, output] = process.argv.slice(2);
  if (!input || !output) throw new Error('usage: derive-breeds.ts <source breeds.json> <output breeds.json>');
  const source = JSON.parse(readFileSync(input, 'utf8')) as SourceBreed[];
  const slugByName = new Map<string, string>();
  for (const b of source) {
    slugByName.set(b.name_en.toLowerCase(), b.slug);
    for (const alt of b.alt_names) if (!slugByName.has(alt.toLowerCase())) slugByName.set(alt.toLowerCase(), b.slug);
  }
  const derived = source.map((b) => ({
    slug: b.slug,
    name_en: b.name_en,
    name_de: b.name_de,
    alt_names: b.alt_names,
    wikidata_id: b.wikidata_id,
    fci_number: b.fci_number,
    fci_group: b.fci_group,
    fci_section_de: b.fci_section_de ? (FCI_DE_FIXES[b.fci_section_de] ?? b.fci_section_de) : null,
    fci_provisional: b.fci_provisional === null ? null : b.fci_provisional ? 1 : 0,
    origin_country_de: germanOrigin(b),
    size_class: b.size_class,
    height_cm: b.height_cm,
    weight_kg: b.weight_kg,
    life_span_years: b.life_span_years,
    temperament: b.temperament,
    coat: b.coat,
    traits: b.traits_akc ? Object.fromEntries(Object.entries(b.traits_akc).filter(([, v]) => v !== null)) : null,
    status: b.status,
    parent_slugs: (b.parent_breeds ?? []).map((name) => slugByName.get(name.toLowerCase())).filter((s): s is string => !!s),
    field_sources: b.field_sources,
  }));
  // One breed per line: small diffs when the data set changes.
  writeFileSync(output, '[\n' + derived.map((d) => JSON.stringify(d)).join(',\n') + '\n]\n');
  console.warn(`${derived.length} breeds written to ${output}`);
}

main();
