import type { Job } from '../../core/context.js';
import { purgeOldFailures } from './lockout.repo.js';
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
    return failures + (await purgeExpiredVerifications(db, now.toISOString()));
  },
};
