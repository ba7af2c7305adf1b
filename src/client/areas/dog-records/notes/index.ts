/** Notes on any record and the AI features' client side (status, consent), used by the record screens. */
export { NotesPanel, NotesToggle, type NoteParent } from './notes-panel.js';
export { useAiStatus } from './ai-status.js';
export { useAiAction } from './ai-consent.js';
