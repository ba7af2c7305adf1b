/** The nightly backups: last and kept snapshots, where and when, and "Jetzt sichern", for admins. */
export { BackupsScreen } from './backups.js';
