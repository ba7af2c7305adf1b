import type { Job } from '#core/context.js';
import { purgeOldFailures } from './lockout.repo.js';
import { purgeExpiredEmailChanges } from './email-change.repo.js';
import { purgeExpiredResets } from './password-reset.repo.js';
import { purgeExpiredRevokedTokens, purgeExpiredVerifications } from './tokens.repo.js';

export const purgeBlacklistJob: Job = {
  name: 'accounts.purge-blacklist',
  schedule: '30 3 * * *',
  run: ({ db, clock }) => purgeExpiredRevokedTokens(db, clock.now().toISOString()),
};

export const purgeLoginFailuresJob: Job = {
  name: 'accounts.purge-login-failures',
  schedule: '35 3 * * *',
  async run({ db, clock }) {
    const now = clock.now();
    const failures = await purgeOldFailures(db, now);
    const verifications = await purgeExpiredVerifications(db, now.toISOString());
    // Reset links an hour past their expiry: the per-account allowance counts the last hour only.
    const changes = await purgeExpiredEmailChanges(db, now.toISOString());
    return failures + verifications + changes + (await purgeExpiredResets(db, new Date(now.getTime() - 60 * 60_000).toISOString()));
  },
};
