import { readFileSync } from 'node:fs';
import { bootstrap } from './bootstrap.js';
import { backupCommand, restoreCommand } from '#platform/backup/backup.cli.js';
import { ConfigError, loadConfig } from '#core/config.js';
import { copyLocalMedia } from '#core/media/copy-media.js';
import { mapStackTrace } from '#platform/stack-trace.js';
import { setRoleByEmail } from './features/accounts/accounts/index.js';

const ROLES = ['admin', 'moderator', 'user'] as const;
const USAGE = [
  'Aufruf:',
  '  npm run cli -- set-role <email> <admin|moderator|user>',
  '  npm run cli -- media:copy-to-s3',
  '  npm run cli -- backup [--to <Ordner>]',
  '  npm run cli -- restore <Sicherung: Name in BACKUP_DIR oder Ordner>',
  '  npm run cli -- stack [Datei]   (Stacktrace aus dem Log auf src/-Zeilen abbilden; ohne Datei von stdin)',
].join('\n');

/** `set-role <email> <role>`: makes an account admin, moderator or plain user again. */
async function setRole(args: string[]): Promise<number> {
  const [emailArg, role] = args;
  if (!emailArg || !role || !(ROLES as readonly string[]).includes(role)) {
    console.error(USAGE);
    return 2;
  }
  const { ctx, close } = await bootstrap(undefined, { serving: false });
  try {
    const email = emailArg.trim().toLowerCase();
    if (!(await setRoleByEmail(ctx.db, email, role, ctx.clock.now().toISOString()))) {
      console.error(`Kein Konto mit der E-Mail-Adresse ${email} gefunden.`);
      return 1;
    }
    console.log(`Rolle von ${email} ist jetzt ${role}.`);
    if (role !== 'user' && ctx.config.auth.staffSecondFactor === 'required')
      console.log(
        'Für die Verwaltung braucht das Konto einen zweiten Faktor (STAFF_SECOND_FACTOR=required): bei der nächsten Anmeldung ' +
          'führt die App unter /app/admin durch die Einrichtung (Authenticator-App oder Passkey); danach gilt jede Bestätigung 12 Stunden.',
      );
    return 0;
  } finally {
    await close();
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;

/**
 * `media:copy-to-s3`: copies DATA_DIR/media into the object store the S3 variables name (run it with
 * MEDIA_STORAGE=s3 and those variables set, before switching the instances over). Safe to run again.
 */
async function copyToS3(): Promise<number> {
  const config = loadConfig();
  if (config.media.driver !== 's3') {
    console.error('Setz MEDIA_STORAGE=s3 und die S3-Variablen (S3_BUCKET, S3_ACCESS_KEY_ID, …): dorthin wird kopiert.');
    return 2;
  }
  const { ctx, close } = await bootstrap(config, { serving: false });
  try {
    await ctx.media.check();
    console.log(`Kopiere den Medienordner nach Bucket „${config.media.s3.bucket}“ …`);
    let last = 0;
    const result = await copyLocalMedia(config, ctx.media, (p) => {
      if (Date.now() - last < 2_000) return;
      last = Date.now();
      console.log(`  ${p.seen} Dateien gesehen, ${p.copied} kopiert (${mb(p.bytes)}), ${p.skipped} schon da`);
    });
    console.log(`Fertig: ${result.seen} Dateien, ${result.copied} kopiert (${mb(result.bytes)}), ${result.skipped} waren schon da.`);
    if (result.failed.length) {
      console.error(`${result.failed.length} Dateien kamen nicht vollständig an, z. B. ${result.failed.slice(0, 3).join(', ')}. Starte den Befehl noch mal.`);
      return 1;
    }
    return 0;
  } finally {
    await close();
  }
}

/** `stack [file]`: a stack trace from the log (the file, or stdin) with its bundle lines mapped to src/. */
async function stack([file]: string[]): Promise<number> {
  const text = file ? readFileSync(file, 'utf8') : readFileSync(0, 'utf8');
  console.log(mapStackTrace(text));
  return 0;
}

const COMMANDS: Record<string, (args: string[]) => Promise<number>> = {
  'set-role': setRole,
  'media:copy-to-s3': copyToS3,
  backup: (args) => backupCommand(args, USAGE, console.log),
  restore: (args) => restoreCommand(args, USAGE, console.log),
  stack,
};

/** Operator commands on the configured database and store. */
async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  const run = command ? COMMANDS[command] : undefined;
  if (!run) {
    console.error(USAGE);
    return 2;
  }
  return run(args);
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  });
