/** German texts of the operator settings (admin and moderator panel). */
export const tx = {
  settings: {
    title: 'Einstellungen',
    intro: 'Wer die App betreibt: erscheint im Impressum, in der Datenschutzerklärung und auf jeder Rechnung. Dazu die Preise im Tarifvergleich.',
    missing: (parts: string[]) => `Noch offen: ${parts.join(', ')}. Ohne Anschrift kannst du keine Rechnungen schreiben.`,
    name: 'Name des Betreibers (Person oder Firma)',
    address: 'Anschrift',
    addressHint: 'Eine Zeile pro Zeile der Anschrift.',
    email: 'Kontakt-E-Mail',
    phone: 'Telefon (optional)',
    vatId: 'USt-IdNr. oder Steuernummer (optional)',
    smallBusiness: 'Kleinunternehmer (§ 19 UStG)',
    smallBusinessHint: 'Rechnungen dann ohne Umsatzsteuer, mit dem Hinweis nach § 19 UStG.',
    pricePro: 'Preis Pro pro Jahr (€)',
    priceBreeder: 'Preis Züchter pro Jahr (€)',
    priceInvalid: 'Bitte einen Betrag wie 29,99.',
    save: 'Speichern',
    saved: 'Gespeichert.',
    imprint: 'Impressum ansehen',
    privacy: 'Datenschutzerklärung ansehen',
  },
};
