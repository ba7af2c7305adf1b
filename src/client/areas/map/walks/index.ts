/** Walks: the recorder, the list and the weekly totals per dog. */
export { WalksScreen } from './walks.js';
