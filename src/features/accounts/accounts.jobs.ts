import type { Job } from '../../core/context.js';
import { purgeOldFailures } from './lockout.repo.js';

export const purgeBlacklistJob: Job = {
  name: 'accounts.purge-blacklist',
  schedule: '30 3 * * *',
  async run({ db, clock }) {
    const result = await db.deleteFrom('revoked_tokens').where('expires_at', '<=', clock.now().toISOString()).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};

export const purgeLoginFailuresJob: Job = {
  name: 'accounts.purge-login-failures',
  schedule: '35 3 * * *',
  async run({ db, clock }) {
    const now = clock.now();
    const failures = await purgeOldFailures(db, now);
    const tokens = await db.deleteFrom('email_verifications').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
    return failures + Number(tokens.numDeletedRows);
  },
};
