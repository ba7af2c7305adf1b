/** Blocked addresses (honeypot and manual), for admins. */
export { IpBlocksScreen } from './ip-blocks.js';
