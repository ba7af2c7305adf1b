import type { Job } from '#core/context.js';

export const sendOutboxJob: Job = {
  name: 'mail.send-outbox',
  schedule: '* * * * *',
  run: ({ mail }) => mail.sendDue(),
};
