/** Partner codes and founder places, for admins. */
export { PartnerCodesScreen } from './partner-codes.js';
