import type { Job } from '#core/context.js';
import { fanOutSafetyMails, sendEveningSafetyMails, sendQueuedSafetyMails } from './safety-mail.service.js';

/** Every minute: recipients of new warnings, then the mails (within a minute of the warning). */
export const safetyMailSendJob: Job = {
  name: 'safety.mail-send',
  schedule: '* * * * *',
  run: async (ctx) => {
    await fanOutSafetyMails(ctx);
    return sendQueuedSafetyMails(ctx);
  },
};

/** 19:00: one mail per person with the warnings held after the day's first three. */
export const safetyMailEveningJob: Job = {
  name: 'safety.mail-evening',
  schedule: '0 19 * * *',
  run: sendEveningSafetyMails,
};
