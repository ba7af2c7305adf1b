/**
 * German names of values that both halves show: the server in PDFs, CSV files and reminders, the app on its screens.
 * Plain data without imports, so that the client bundle takes it as it is and the two never drift apart.
 */

export const CARE_KIND_LABELS = {
  tick_flea: 'Zecken- und Flohschutz',
  deworming: 'Entwurmung',
  claws: 'Krallen schneiden',
  coat: 'Fellpflege',
  teeth: 'Zahnpflege',
  ears: 'Ohren reinigen',
  custom: 'Eigene Routine',
} as const;

export const EXPENSE_CATEGORY_LABELS = {
  futter: 'Futter',
  tierarzt: 'Tierarzt',
  versicherung: 'Versicherung',
  hundesteuer: 'Hundesteuer',
  zubehoer: 'Zubehör',
  pflege: 'Pflege',
  training: 'Training',
  betreuung: 'Betreuung',
  sonstiges: 'Sonstiges',
} as const;
