/** German texts of the nearby screens (du-form). */
export const nx = {
  title: 'In der Nähe',
  where: 'Wo suchen?',
  profilePosition: 'Dein gespeicherter Ort',
  useMine: 'Meine aktuelle Position verwenden',
  locating: 'Position wird ermittelt …',
  noPosition: 'Wir kennen noch keinen Ort. Verwende deine aktuelle Position – sie wird nur für diese Suche benutzt, nicht gespeichert.',
  geoDenied: 'Die Position ist nicht freigegeben. Du kannst sie in den Browser-Einstellungen erlauben.',
  radius: 'Umkreis',
  km: (n: number) => `${n} km`,
  kinds: 'Was anzeigen?',
  map: 'Karte der Meldungen in der Nähe',
  list: 'Liste',
  none: 'Hier ist gerade nichts gemeldet.',
  distance: (km: number) => `${km.toLocaleString('de-DE')} km entfernt`,
  ago: (iso: string) => {
    const minutes = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 60000));
    if (minutes < 60) return minutes <= 1 ? 'gerade eben' : `vor ${minutes} Minuten`;
    const hours = Math.round(minutes / 60);
    if (hours < 24) return hours === 1 ? 'vor 1 Stunde' : `vor ${hours} Stunden`;
    const days = Math.round(hours / 24);
    return days === 1 ? 'vor 1 Tag' : `vor ${days} Tagen`;
  },
  report: 'Giftköder melden',
  reportLost: 'Hund vermisst melden',
  states: { unconfirmed: 'unbestätigt', confirmed: 'bestätigt', false_alarm: 'Fehlalarm', archived: 'archiviert' } as Record<string, string>,
  poisonKinds: { poison: 'Giftköder', sharp_objects: 'Köder mit spitzen Gegenständen', other: 'Andere Gefahr' } as Record<string, string>,
  confirm: 'Ich habe es auch gesehen',
  confirmed: (n: number) => (n === 1 ? '1 Bestätigung' : `${n} Bestätigungen`),
  pinHint: 'Tipp auf die Karte oder zieh die Nadel an die richtige Stelle.',
  position: 'Position',
  kind: 'Art',
  description: 'Beschreibung',
  send: 'Warnung veröffentlichen',
  sendLost: 'Meldung veröffentlichen',
  dogName: 'Name des Hundes',
  lastSeen: 'Zuletzt gesehen',
  contact: 'Kontakt (erscheint auf dem Aushang)',
  found: 'Wieder da!',
  lostStatus: { lost: 'vermisst', found: 'wieder da' } as Record<string, string>,
  poster: 'Aushang drucken',
  posterTitle: 'VERMISST',
  posterCall: 'Bitte melde dich, wenn du ihn gesehen hast:',
  posterScan: 'Mehr und aktuelle Infos:',
};
