import type { Job } from '../context.js';

export const sendOutboxJob: Job = {
  name: 'mail.send-outbox',
  schedule: '* * * * *',
  run: ({ mail }) => mail.sendDue(),
};
