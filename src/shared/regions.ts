/**
 * The regions the app knows (shared: the profile screen lists them, the server checks against them), by ISO 3166-2 code (what Nominatim's `ISO3166-2-lvl4` gives): Germany's 16 Länder,
 * Austria's 9 Länder and Switzerland's 26 cantons. The rules table (regional-rules.json) has rows for the German and
 * Austrian Länder and one set for Switzerland as a whole ("CH"): a canton reads the Swiss rows.
 */
export const COUNTRIES = ['DE', 'AT', 'CH'] as const;
export type Country = (typeof COUNTRIES)[number];

export const REGION_NAMES: Record<string, string> = {
  'DE-BW': 'Baden-Württemberg',
  'DE-BY': 'Bayern',
  'DE-BE': 'Berlin',
  'DE-BB': 'Brandenburg',
  'DE-HB': 'Bremen',
  'DE-HH': 'Hamburg',
  'DE-HE': 'Hessen',
  'DE-MV': 'Mecklenburg-Vorpommern',
  'DE-NI': 'Niedersachsen',
  'DE-NW': 'Nordrhein-Westfalen',
  'DE-RP': 'Rheinland-Pfalz',
  'DE-SL': 'Saarland',
  'DE-SN': 'Sachsen',
  'DE-ST': 'Sachsen-Anhalt',
  'DE-SH': 'Schleswig-Holstein',
  'DE-TH': 'Thüringen',
  'AT-1': 'Burgenland',
  'AT-2': 'Kärnten',
  'AT-3': 'Niederösterreich',
  'AT-4': 'Oberösterreich',
  'AT-5': 'Salzburg',
  'AT-6': 'Steiermark',
  'AT-7': 'Tirol',
  'AT-8': 'Vorarlberg',
  'AT-9': 'Wien',
  'CH-AG': 'Aargau',
  'CH-AI': 'Appenzell Innerrhoden',
  'CH-AR': 'Appenzell Ausserrhoden',
  'CH-BE': 'Bern',
  'CH-BL': 'Basel-Landschaft',
  'CH-BS': 'Basel-Stadt',
  'CH-FR': 'Freiburg',
  'CH-GE': 'Genf',
  'CH-GL': 'Glarus',
  'CH-GR': 'Graubünden',
  'CH-JU': 'Jura',
  'CH-LU': 'Luzern',
  'CH-NE': 'Neuenburg',
  'CH-NW': 'Nidwalden',
  'CH-OW': 'Obwalden',
  'CH-SG': 'St. Gallen',
  'CH-SH': 'Schaffhausen',
  'CH-SO': 'Solothurn',
  'CH-SZ': 'Schwyz',
  'CH-TG': 'Thurgau',
  'CH-TI': 'Tessin',
  'CH-UR': 'Uri',
  'CH-VD': 'Waadt',
  'CH-VS': 'Wallis',
  'CH-ZG': 'Zug',
  'CH-ZH': 'Zürich',
};

export const COUNTRY_NAMES: Record<Country, string> = { DE: 'Deutschland', AT: 'Österreich', CH: 'Schweiz' };

export const isCountry = (v: string | null | undefined): v is Country => !!v && (COUNTRIES as readonly string[]).includes(v);

/** A region code belongs to its country ("DE-NI" to DE). */
export const regionInCountry = (region: string, country: Country): boolean => region.startsWith(`${country}-`) && region in REGION_NAMES;

/** Money follows the country: francs in Switzerland, euros elsewhere (and without a place). */
export const currencyOf = (country: string | null | undefined): 'EUR' | 'CHF' => (country === 'CH' ? 'CHF' : 'EUR');
