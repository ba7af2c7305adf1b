import { FIRST_AID_ARTICLES } from './first-aid-articles.js';
import type { HelpCategory } from './help.categories.js';

/**
 * The help a fresh install starts with (issue: a newcomer's first hour). Loaded once each by `loadStarterHelp`;
 * admins edit or delete them afterwards like any article. Plain text; a blank line starts a new paragraph.
 * "die App" rather than the product name, so an operator with another APP_NAME needs no edits.
 */
export interface StarterArticle {
  key: string;
  category: HelpCategory;
  title: string;
  body: string;
}

const NEWCOMER_ARTICLES: StarterArticle[] = [
  {
    key: 'konto-anlegen',
    category: 'konto',
    title: 'Wie lege ich ein Konto an?',
    body: `Tipp auf „Registrieren“, gib deinen Namen, deine E-Mail-Adresse und ein Passwort mit mindestens 8 Zeichen ein. Hast du einen Partnercode, trag ihn gleich mit ein.

Wir schicken dir danach eine E-Mail mit einem Bestätigungslink. Bis du ihn angeklickt hast, kannst du alles lesen und deine Hunde anlegen, aber noch nichts veröffentlichen, was andere sehen (Forum, Meldungen auf der Karte).`,
  },
  {
    key: 'bestaetigung',
    category: 'konto',
    title: 'Die Bestätigungs-E-Mail kommt nicht an',
    body: `Schau zuerst im Spam-Ordner nach. Im Profil kannst du dir die E-Mail noch einmal schicken lassen („Bestätigungsmail noch mal senden“), bis zu fünfmal in der Stunde.

Hast du dich bei der Adresse vertippt, ändere sie im Profil unter „E-Mail-Adresse ändern“: der Link geht dann an die richtige Adresse.`,
  },
  {
    key: 'installieren-android',
    category: 'app',
    title: 'Die App auf Android installieren',
    body: `Öffne die Seite in Chrome und melde dich an. Tipp oben rechts auf die drei Punkte und dann auf „App installieren“ (manchmal heißt es „Zum Startbildschirm hinzufügen“).

Danach startest du die App wie jede andere über ihr Symbol. Sie öffnet sich ohne Adressleiste, funktioniert auch mit schlechtem Netz und kann dir Benachrichtigungen schicken.`,
  },
  {
    key: 'installieren-ios',
    category: 'app',
    title: 'Die App auf iPhone und iPad installieren',
    body: `Öffne die Seite in Safari (ab iOS 16.4) und melde dich an. Tipp unten auf das Teilen-Symbol (Quadrat mit Pfeil nach oben) und dann auf „Zum Home-Bildschirm“.

Benachrichtigungen gibt es auf dem iPhone nur für die installierte App: öffne sie über das neue Symbol und schalte sie dort unter Profil → Benachrichtigungen ein.`,
  },
  {
    key: 'benachrichtigungen',
    category: 'app',
    title: 'Benachrichtigungen einschalten und einstellen',
    body: `Unter „Benachrichtigungen einstellen“ wählst du, worüber du Bescheid bekommen willst: Impfungen und Termine, Läufigkeit, Pflege, Nachrichten, Giftköder und vermisste Hunde in deiner Nähe und mehr.

Eine Ruhezeit (zum Beispiel 22 bis 7 Uhr) hält die Benachrichtigungen aufs Handy bis zu ihrem Ende zurück; in der App siehst du alles sofort. Du kannst Benachrichtigungen jederzeit wieder ausschalten – auch in den Einstellungen deines Handys.`,
  },
  {
    key: 'tarife',
    category: 'tarife',
    title: 'Welche Tarife gibt es?',
    body: `Free ist kostenlos und enthält alles für deine Hunde: Profile, Tagebuch mit Fotos, Gesundheit, Läufigkeit, Pflege, Ausgaben, Training, Community und Karte. Die KI-Funktionen kannst du in einem kleinen Umfang nutzen.

Pro hebt die Grenzen der KI-Funktionen auf. Züchter enthält zusätzlich den Zuchtbereich mit Würfen, Welpen, Gewichtskurven und Welpen-PDF.

Die aktuellen Preise und den genauen Vergleich findest du in der App unter Profil → Tarif ansehen.`,
  },
  {
    key: 'upgrade',
    category: 'tarife',
    title: 'Wie bekomme ich Pro oder Züchter?',
    body: `Schick unter Profil → Tarif ansehen eine Anfrage. Wir melden uns per E-Mail mit der Rechnung; sobald sie bezahlt ist, schalten wir den Tarif frei. Du siehst ihn dann sofort in der App.`,
  },
  {
    key: 'daten',
    category: 'datenschutz',
    title: 'Welche Daten speichert die App?',
    body: `Dein Konto (Name, E-Mail, Passwort nur als sicherer Hash), deine Hunde und alles, was du einträgst. Aus Fotos lesen wir Aufnahmezeit und Ort; alle anderen Metadaten entfernen wir aus den gespeicherten Bildern.

Deinen Standort verfolgen wir nie im Hintergrund. Für „In der Nähe“ nutzen wir den Ort, den du im Profil speicherst, oder einmalig deine aktuelle Position, wenn du darum bittest.

Alles Weitere steht in der Datenschutzerklärung (Link unten auf jeder Seite).`,
  },
  {
    key: 'konto-loeschen',
    category: 'datenschutz',
    title: 'Wie lösche ich mein Konto?',
    body: `Unter Profil → Konto löschen, mit deinem Passwort bestätigt. Dein Konto, deine Hunde, das Tagebuch und alle Fotos werden endgültig gelöscht.

Was bleibt: Rechnungen (10 Jahre, gesetzliche Pflicht), Forenbeiträge als „Gelöschtes Konto“ und noch aktive Warnungen vor Giftködern oder vermissten Hunden – ohne deinen Namen und ohne Foto, weil sie andere Hunde schützen.`,
  },
  {
    key: 'tagebuch-eintrag',
    category: 'tagebuch',
    title: 'Einen Tagebucheintrag schreiben',
    body: `Tipp auf „Neuer Eintrag“, wähl den Hund und das Datum und gib eine Überschrift oder ein paar Worte ein – eins von beiden braucht jeder Eintrag. Stimmung und Schlagwörter sind freiwillig.

Fotos wählst du im selben Schritt aus; sie werden nach dem Speichern hochgeladen. Klappt das nicht (schlechtes Netz), bleibt der Eintrag gespeichert und du schickst die Fotos später nach.

Das Tagebuch siehst du als Liste, Mosaik, Kalender und auf der Karte.`,
  },
  {
    key: 'fotos-ort',
    category: 'tagebuch',
    title: 'Fotos und Ort: woher kennt die App den Ort?',
    body: `Viele Handys speichern im Foto, wo es aufgenommen wurde. Die App liest diesen Ort beim Hochladen aus und zeigt den Eintrag dann auf der Karte – und holt das Wetter von diesem Tag und Ort dazu.

Willst du das nicht, schalte in der Kamera-App die Ortsangabe aus. Im gespeicherten Bild selbst bleibt der Ort nicht enthalten.`,
  },
  {
    key: 'giftkoeder',
    category: 'community',
    title: 'Giftköder melden und gewarnt werden',
    body: `Unter „In der Nähe“ → „Giftköder melden“ setzt du die Nadel an die Fundstelle und beschreibst, was du gesehen hast. Alle, deren gespeicherter Ort höchstens 5 km entfernt ist, bekommen sofort eine Warnung.

Andere können die Meldung bestätigen. Nach 14 Tagen ohne neue Bestätigung wird sie archiviert. Bitte melde nur, was du selbst gesehen hast.`,
  },
];

/** Everything a fresh install starts with: the newcomer's help and the first aid (first-aid-articles.ts, with sources). */
export const STARTER_ARTICLES: StarterArticle[] = [...NEWCOMER_ARTICLES, ...FIRST_AID_ARTICLES];
