import type { Job } from '../context.js';

/**
 * Every minute: pushes whose retry time came (429/5xx/timeouts, with backoff), pushes held through quiet hours,
 * and pushes a crashed instance left claimed. Each push is bounded by the short timeout, so a hanging push
 * service slows this job, never a request.
 */
export const sendDuePushesJob: Job = {
  name: 'push.send-due',
  schedule: '* * * * *',
  run: ({ push }) => push.drain(),
};
