import { dateInZone } from '#core/clock.js';

/** LIESMICH.txt: what is where in the ZIP, in German, for the person and for whoever they hand it to. */
export function readme(appName: string, now: Date, timeZone: string): string {
  const [y, m, d] = dateInZone(now, timeZone).split('-');
  return [
    `Dein Datenexport aus ${appName}`,
    `Erstellt am ${d}.${m}.${y}`,
    '',
    'Hier ist alles, was du in der App eingetragen hast, in offenen Formaten (DSGVO Art. 15 und 20).',
    '',
    'daten/            deine Daten als JSON, mit denselben Feldnamen wie die Programmierschnittstelle der App:',
    '                  profil.json, hunde.json, tagebuch.json, die Einträge jeder Art (z. B. vaccinations.json,',
    '                  weights.json, heat-cycles.json, care-routines.json, training-sessions.json, expenses.json),',
    '                  notizen.json, orte.json, nachrichten.json, forum.json, deine Meldungen auf der Karte',
    '                  (z. B. poison-warnings.json, lost-dogs.json, playdates.json), kartenbeitraege.json, rechnungen.json',
    '                  dateien.json nennt zu jeder Adresse (url) in den JSON-Dateien die passende Datei in medien/',
    'medien/           alles, was du hochgeladen hast, so wie die App es aufbewahrt: Fotos in voller Größe',
    '                  (tagebuch/ nach Tag und Eintrag, hunde/, karte/ zu deinen Meldungen, profilbild) und',
    '                  gesundheit/ deine hochgeladenen Gesundheitsdokumente (Befunde, Impfpass und Co.)',
    'gesundheit/       die Gesundheitsakte jedes Hundes als PDF',
    'routen/           deine gespeicherten Routen und aufgezeichneten Spaziergänge als GPX (für Karten-Apps)',
    'ausgaben.csv      deine Ausgaben, zum Öffnen in Excel oder LibreOffice',
    '',
    'Von anderen Menschen enthält der Export nur, was sie dir in Nachrichten geschrieben haben, mit ihrem Namen,',
    'ohne E-Mail-Adresse.',
    '',
  ].join('\r\n');
}
