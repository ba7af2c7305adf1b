/** German labels for the breed data's categories. Keys are the values stored in the breeds table. */

/** The ten FCI groups with their official German names (FCI nomenclature). */
export const FCI_GROUPS_DE: Readonly<Record<number, string>> = Object.freeze({
  1: 'Hütehunde und Treibhunde (ausgenommen Schweizer Sennenhunde)',
  2: 'Pinscher und Schnauzer – Molossoide – Schweizer Sennenhunde und andere Rassen',
  3: 'Terrier',
  4: 'Dachshunde',
  5: 'Spitze und Hunde vom Urtyp',
  6: 'Laufhunde, Schweißhunde und verwandte Rassen',
  7: 'Vorstehhunde',
  8: 'Apportierhunde – Stöberhunde – Wasserhunde',
  9: 'Gesellschafts- und Begleithunde',
  10: 'Windhunde',
});

export const SIZE_CLASSES = ['toy', 'small', 'medium', 'large', 'giant'] as const;
export type SizeClass = (typeof SIZE_CLASSES)[number];

/** Size classes as the data derives them from the mid-point weight (toy < 5 kg … giant ≥ 45 kg). */
export const SIZE_DE: Readonly<Record<SizeClass, string>> = Object.freeze({
  toy: 'Sehr klein (unter 5 kg)',
  small: 'Klein (5–11 kg)',
  medium: 'Mittelgroß (11–25 kg)',
  large: 'Groß (25–45 kg)',
  giant: 'Sehr groß (ab 45 kg)',
});

export const STATUS_DE: Readonly<Record<string, string>> = Object.freeze({
  recognized: 'Anerkannte Rasse',
  recognized_provisional: 'Vorläufig anerkannt (FCI)',
  crossbreed: 'Kreuzung',
  extinct: 'Ausgestorben',
  landrace: 'Landschlag',
  type: 'Hundetyp (Gruppe verwandter Rassen)',
});

export const COAT_DE: Readonly<Record<string, string>> = Object.freeze({
  'wire-haired': 'Rauhaar',
  'long-haired': 'Langhaar',
  'short-haired': 'Kurzhaar',
  hairless: 'Haarlos',
  curly: 'Lockig',
  silky: 'Seidig',
  'flat-coated': 'Glatt anliegend',
});

/** The AKC category traits: which aspect, then German for each value. */
export const TRAIT_NAMES_DE: Readonly<Record<string, string>> = Object.freeze({
  energy_level: 'Bewegungsbedarf',
  shedding: 'Haarwechsel',
  grooming: 'Fellpflege',
  trainability: 'Erziehung',
  demeanor: 'Wesen gegenüber anderen',
});

export const TRAIT_VALUES_DE: Readonly<Record<string, string>> = Object.freeze({
  'Couch Potato': 'Gemütlich',
  Calm: 'Ruhig',
  'Regular Exercise': 'Regelmäßige Bewegung',
  Energetic: 'Energiegeladen',
  'Needs Lots of Activity': 'Braucht viel Auslauf',
  Infrequent: 'Selten',
  Occasional: 'Gelegentlich',
  Seasonal: 'Saisonal',
  Regularly: 'Regelmäßig',
  Frequent: 'Häufig',
  'Occasional Bath/Brush': 'Ab und zu baden oder bürsten',
  'Weekly Brushing': 'Einmal pro Woche bürsten',
  '2-3 Times a Week Brushing': '2- bis 3-mal pro Woche bürsten',
  'Daily Brushing': 'Täglich bürsten',
  'Specialty/Professional': 'Professionelle Pflege',
  'Easy Training': 'Leicht zu erziehen',
  'Eager to Please': 'Will gefallen',
  Agreeable: 'Umgänglich',
  Independent: 'Eigenständig',
  'May be Stubborn': 'Kann stur sein',
  Outgoing: 'Aufgeschlossen',
  Friendly: 'Freundlich',
  'Alert/Responsive': 'Aufmerksam',
  'Reserved with Strangers': 'Zurückhaltend bei Fremden',
  'Aloof/Wary': 'Distanziert und vorsichtig',
});
