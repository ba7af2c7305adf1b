/** Sign-in security (one chunk): the profile's "Anmeldungen und Sicherheit" and the gate in front of the staff screens. */
export { SecurityScreen } from './security-screen.js';
export { staffGated } from './staff-gate.js';
