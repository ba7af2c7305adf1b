/** Invoices: the list, the form and cancelling, for admins. */
export { InvoicesScreen } from './invoices.js';
