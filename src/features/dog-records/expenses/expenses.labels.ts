import { EXPENSE_CATEGORY_LABELS } from '#shared/labels.js';
import type { ExpenseCategory, Recurrence } from './expenses.schemas.js';

export const CATEGORY_DE: Record<ExpenseCategory, string> = EXPENSE_CATEGORY_LABELS;

export const RECURRENCE_DE: Record<Recurrence, string> = { none: '', monthly: 'monatlich', quarterly: 'vierteljährlich', yearly: 'jährlich' };
