import { mapItemTexts } from '../../../ui/map/texts.js';

/** German texts of the nearby screens (du-form). */
export const nearbyTexts = {
  reach: (about: number, atMost: boolean) =>
    about === 0
      ? 'Gerade erreicht die Warnung niemanden in der Nähe per Push oder Mail. In der App steht sie sofort unter „In der Nähe“.'
      : atMost
        ? `Bis zu ${about} Hundemenschen in der Nähe werden per Push oder Mail gewarnt.`
        : `Etwa ${about} Hundemenschen in der Nähe werden per Push oder Mail gewarnt.`,
  ...mapItemTexts,
  title: 'In der Nähe',
  edit: 'Bearbeiten',
  editTitle: (label: string) => `${label} ändern`,
  // The edit screens name the thing, not the action that made it ("Giftköder melden ändern" read wrong).
  editPoison: 'Giftköder-Warnung ändern',
  editLost: 'Vermisstmeldung ändern',
  profilePosition: 'Dein gespeicherter Ort',
  noPosition: 'Wir kennen noch keinen Ort. Verwende deine aktuelle Position – sie wird nur für diese Suche benutzt, nicht gespeichert.',
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
  poisonKinds: {
    poison: 'Giftköder',
    sharp_objects: 'Köder mit spitzen Gegenständen',
    blue_green_algae: 'Blaualgen',
    processionary_moth: 'Eichenprozessionsspinner',
    rat_poison: 'Rattengift oder Schneckenkorn',
    broken_glass: 'Scherben',
    other: 'Andere Gefahr',
  } as Record<string, string>,
  /** The pin's sign per hazard kind (a short character the pin font has; the label says the rest). */
  hazardGlyphs: {
    poison: '!',
    sharp_objects: '✱',
    blue_green_algae: '≈',
    processionary_moth: '∿',
    rat_poison: '☠',
    broken_glass: '◆',
    other: '!',
  } as Record<string, string>,
  hazardAll: 'Alle Gefahren',
  hazard: 'Art der Gefahr',
  confirm: 'Ich habe es auch gesehen',
  share: 'Teilen',
  publicPage: 'Öffentliche Seite',
  shareCopied: 'Link kopiert – schick ihn deinen Nachbarn, auch ohne App.',
  shareManual: (url: string) => `Kopier diesen Link: ${url}`,
  falseAlarm: 'Als Fehlalarm markieren',
  confirmed: (n: number) => (n === 1 ? '1 Bestätigung' : `${n} Bestätigungen`),
  homeTitle: 'Heimatgebiet',
  homeIntro: (km: number) =>
    `Giftköder-Warnungen im Umkreis von ${km} km und vermisste Hunde im Umkreis von ${km * 2} km erreichen dich als Push – aber nur, wenn wir wissen, wo du mit deinem Hund unterwegs bist. Wähl dein Zuhause oder deine übliche Gassirunde.`,
  homePrivacy: 'Nur du siehst diesen Ort. Wir speichern ihn auf etwa 100 m gerundet und zeigen ihn niemandem.',
  homeSet: 'Dein Heimatgebiet ist gespeichert: Warnungen in der Nähe erreichen dich.',
  homeUnset: 'Noch kein Heimatgebiet: Warnungen in deiner Nähe erreichen dich noch nicht.',
  homeSave: 'Heimatgebiet speichern',
  homeSaved: 'Gespeichert! Warnungen in deiner Nähe erreichen dich jetzt.',
  homeRemove: 'Heimatgebiet entfernen',
  homeRemoved: 'Entfernt. Warnungen in der Nähe erreichen dich nicht mehr.',
  homeFailed: 'Das hat nicht geklappt. Versuch es gleich noch mal.',
  homePushLink: 'Push-Benachrichtigungen einstellen',
  homeNudge: 'Damit dich Giftköder-Warnungen und vermisste Hunde in deiner Nähe erreichen, speichere dein Heimatgebiet.',
  homeKeepCurrent: 'Diese Position als Heimatgebiet speichern',
  homeChoose: 'Heimatgebiet festlegen',
  seenMap: 'Karte: hier wurde es gesehen',
  lastSeenMap: 'Karte: hier zuletzt gesehen',
  posterQrAlt: (url: string) => `QR-Code zu ${url}`,
  kind: 'Art',
  send: 'Warnung veröffentlichen',
  sendLost: 'Meldung veröffentlichen',
  dogName: 'Name des Hundes',
  lastSeen: 'Zuletzt gesehen',
  contact: 'Kontakt (erscheint auf dem Aushang)',
  found: 'Wieder da!',
  lostStatus: { lost: 'vermisst', found: 'wieder da' } as Record<string, string>,
  poster: 'Aushang drucken',
  posterTitle: 'VERMISST',
  posterCall: (name: string) => `Bitte melde dich, wenn du ${name} gesehen hast:`,
  posterScan: 'Mehr und aktuelle Infos:',
  create: 'Eintragen',
  createWhat: 'Was möchtest du eintragen?',
  participants: 'Dabei',
  noParticipants: 'Noch niemand hat zugesagt.',
  inHeat: 'läufig',
  join: 'Zusagen',
  joinWith: 'Mit welchem Hund?',
  shareHeat: 'Zeigen, ob mein Hund läufig ist',
  leave: 'Absagen',
  full: 'Das Treffen ist voll.',
  noDogs: 'Leg zuerst einen Hund an, um zuzusagen.',
  matches: 'Wer geht zur selben Zeit in der Nähe?',
  noMatches: 'Noch niemand – vielleicht bald!',
  categoryAll: 'Alle Kategorien',
  category: 'Dienstleister-Kategorie',
  toMap: 'Karte mit Tierärzten, Hundewiesen und Trinkwasser',
};

/** The map reports in the moderation queue (admin and moderator panel). */
export const mapModerationTexts = {
  mapEmpty: 'Auf der Karte ist nichts gemeldet.',
  gone: 'Der Eintrag ist schon gelöscht.',
  open: 'Ansehen',
  deleteItem: 'Eintrag löschen',
  reason: 'Grund',
  by: 'Gemeldet von',
  dismiss: 'Verwerfen',
};
