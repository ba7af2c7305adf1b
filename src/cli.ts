import { bootstrap } from './bootstrap.js';
import { ConfigError } from './core/config.js';
import { setRoleByEmail } from './features/accounts/accounts/index.js';

const ROLES = ['admin', 'moderator', 'user'] as const;
const USAGE = 'Aufruf: npm run cli -- set-role <email> <admin|moderator|user>';

/** Operator commands on the configured database. */
async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command !== 'set-role') {
    console.error(USAGE);
    return 2;
  }
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
    return 0;
  } finally {
    await close();
  }
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  });
