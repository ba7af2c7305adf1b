/** Invoices: the list, the form and cancelling, for admins; the user's own invoices in the profile. */
export { InvoicesScreen } from './invoices.js';
export { OwnInvoicesScreen } from './own-invoices.js';
