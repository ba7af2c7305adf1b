import { mapItemTexts } from '../../../ui/map/texts.js';

/** German texts of one's map contributions (du-form); the map wing's shared words come from ui/map. */
export const mapContribTexts = {
  ...mapItemTexts,
  contribTitle: 'Meine Karten-Beiträge',
  contribIntro: 'Jede Meldung „Hunde willkommen“, die 7 Tage auf OpenStreetMap stehen bleibt, wird bestätigt. 100 bestätigte schenken dir ein Jahr Pro.',
  contribProgress: (done: number, per: number) => `${done} von ${per} bestätigt bis zum nächsten Pro-Jahr`,
  contribProUntil: (date: string) => `Geschenktes Pro läuft bis ${date}.`,
  contribCounts: (c: { pending: number; confirmed: number; rejected: number }) =>
    `${c.confirmed} bestätigt · ${c.pending} in Prüfung · ${c.rejected} nicht übernommen`,
  contribNone: 'Noch keine Beiträge. Tipp auf der Karte einen Ort an und melde, wenn Hunde willkommen sind.',
  contribStatus: { pending: 'in Prüfung', confirmed: 'bestätigt', rejected: 'nicht übernommen' } as Record<string, string>,
  contribReason: {
    already_tagged: 'hatte schon einen Eintrag',
    reverted: 'wurde wieder entfernt',
    deleted: 'gibt es nicht mehr',
    refused: 'ließ sich nicht eintragen',
    not_offered: 'ist laut OpenStreetMap kein Ort dafür',
  } as Record<string, string>,
  contribUnchecked: 'Ort wird noch bei OpenStreetMap geprüft',
  contribConfirmableFrom: (date: string) => `Prüfung ab ${date}`,
};
