import { todayInBerlin } from '../../../core/format.js';

/** Whole days from today (Berlin) to `iso`; negative when it passed. */
export const daysUntil = (iso: string): number => Math.round((Date.parse(`${iso}T12:00:00Z`) - Date.parse(`${todayInBerlin()}T12:00:00Z`)) / 86_400_000);
