/** German texts of the heat calendar (du-form). */
export const heatTexts = {
  heat: {
    title: (name: string) => `Läufigkeit: ${name}`,
    fallback: 'Läufigkeit',
    onlyFemale: 'Den Läufigkeitskalender gibt es nur für Hündinnen. Ist sie eine, trag beim Hund „Hündin“ ein.',
    section: 'Läufigkeiten',
    prediction: 'Nächste Läufigkeit',
    predicted: (date: string) => `voraussichtlich ab ${date}`,
    inDays: (n: number) => (n === 0 ? 'heute' : n === 1 ? 'morgen' : n > 0 ? `in ${n} Tagen` : `seit ${-n} Tagen überfällig`),
    basis: (n: number, days: number | null) =>
      n < 2
        ? 'Geschätzt mit dem üblichen Abstand von etwa sechs Monaten; mit jedem eingetragenen Zyklus wird es genauer.'
        : `Mittel aus ${n} Zyklen: alle ${days} Tage.`,
    none: 'Trag die erste Läufigkeit ein, dann rechnen wir die nächste voraus.',
    timeline: 'Phasen der letzten Läufigkeit',
    timelineHint: 'Typische Dauer laut Tiermedizin – jede Hündin ist anders. Verlass dich für die Zucht nicht darauf.',
    today: 'Heute',
    dayOfHeat: (n: number) => `Tag ${n} der Läufigkeit`,
    typicalPhase: (label: string) => `typischerweise ${label}`,
    calendar: 'Kalender',
    legendCycle: 'Läufigkeit',
    legendPredicted: 'erwartet',
    start: 'Beginn',
    end: 'Ende (optional)',
    notes: 'Notiz (optional)',
    endBeforeStart: 'Das Ende liegt vor dem Beginn.',
    inFuture: 'Das Datum liegt in der Zukunft.',
    running: 'läuft',
    days: (n: number) => `${n} Tage`,
    newLitter: 'Gedeckt? Wurf anlegen',
  },
  phases: [
    { key: 'prooestrus', label: 'Vorbrunst', range: 'meist 7–10 Tage' },
    { key: 'oestrus', label: 'Hauptbrunst', range: 'meist 5–9 Tage' },
    { key: 'metoestrus', label: 'Nachbrunst', range: 'etwa 2 Monate' },
    { key: 'anoestrus', label: 'Ruhephase', range: 'bis zur nächsten' },
  ],
};
