/** The admin's daily error digest: errors counted per day (logger hook → ErrorCounter) and the 06:30 mail. */
export { ErrorCounter } from './error-counter.js';
export { errorDigestJob } from './error-digest.job.js';
