/**
 * The plans' limits and the rows of the plan comparison: one list that the server enforces (dogs, sharing, photos),
 * renders on /tarife and answers from GET /api/plans, which the app's comparison reads. Plain data without imports
 * (src/shared), so the numbers a screen names are the numbers the server checks.
 *
 * "Premium" is the decisions' `is_premium` (1 exactly for pro and breeder) or the role admin or moderator, the same
 * rule the AI quota and the routing allowance use. breeder_test keeps Free's limits (is_premium 0).
 */

export type PlanTier = 'free' | 'pro' | 'breeder';

/** What a premium account may have; null: no limit. */
export const PLAN_LIMITS = {
  /** Dogs one account owns (shared dogs do not count). */
  dogs: { free: 3, premium: null },
  /** People one dog is shared with (invitations included). 20 is a family's ceiling, not a plan's. */
  dogMembers: { free: 2, premium: 20 },
  /** Photos on one diary entry. */
  photosPerEntry: { free: 10, premium: 100 },
  /** Route plans in any 7 days (only where route planning is configured). */
  routePlansPerWeek: { free: 20, premium: null },
  /** AI note analyses a calendar month (only where AI is configured). */
  noteAnalysesPerMonth: { free: 5, premium: null },
  /** AI training plans in any 7 days; premium users have the spec's rate limit of 10 an hour instead. */
  trainingPlansPerWeek: { free: 1, premium: null },
} as const;

export type PlanLimit = keyof typeof PLAN_LIMITS;

/** What this installation offers beyond the basics; a comparison row that needs one shows only where it is on. */
export type PlanFeature = 'ai' | 'routing';

export interface PlanRow {
  label: string;
  free: string;
  pro: string;
  breeder: string;
  needs?: PlanFeature;
}

const upTo = (n: number, what: string) => `bis zu ${n} ${what}`;
const UNLIMITED = 'unbegrenzt';
const L = PLAN_LIMITS;

/** The comparison, in the order it reads. Every row that differs between Free and Pro is enforced by the server. */
export const PLAN_ROWS: readonly PlanRow[] = [
  { label: 'Tagebuch, Gesundheit, Pflege, Ausgaben, Training', free: 'ja', pro: 'ja', breeder: 'ja' },
  { label: 'Community, Karte, Warnungen in der Nähe', free: 'ja', pro: 'ja', breeder: 'ja' },
  { label: 'Eigene Hunde', free: upTo(L.dogs.free, 'Hunde'), pro: UNLIMITED, breeder: UNLIMITED },
  {
    label: 'Hund mit Familie und Betreuern teilen',
    free: upTo(L.dogMembers.free, 'Personen pro Hund'),
    pro: upTo(L.dogMembers.premium, 'Personen pro Hund'),
    breeder: upTo(L.dogMembers.premium, 'Personen pro Hund'),
  },
  {
    label: 'Fotos pro Tagebucheintrag',
    free: upTo(L.photosPerEntry.free, 'Fotos'),
    pro: upTo(L.photosPerEntry.premium, 'Fotos'),
    breeder: upTo(L.photosPerEntry.premium, 'Fotos'),
  },
  { label: 'Routenplanung', free: `${L.routePlansPerWeek.free} pro Woche`, pro: UNLIMITED, breeder: UNLIMITED, needs: 'routing' },
  { label: 'KI-Auswertung von Notizen', free: `${L.noteAnalysesPerMonth.free} im Monat`, pro: UNLIMITED, breeder: UNLIMITED, needs: 'ai' },
  { label: 'KI-Trainingsplan', free: `${L.trainingPlansPerWeek.free} pro Woche`, pro: 'bis zu 10 pro Stunde', breeder: 'bis zu 10 pro Stunde', needs: 'ai' },
  { label: 'Zuchtbereich (Würfe, Welpen, Gewichtskurven, Welpen-PDF)', free: '–', pro: '–', breeder: 'ja' },
];

export const PLAN_NAMES: Record<PlanTier, string> = { free: 'Free', pro: 'Pro', breeder: 'Züchter' };

/** The limit that applies to an account (null: none). */
export function planLimit(limit: PlanLimit, account: { is_premium: number; rolle: string }): number | null {
  const premium = account.is_premium === 1 || account.rolle === 'admin' || account.rolle === 'moderator';
  return premium ? PLAN_LIMITS[limit].premium : PLAN_LIMITS[limit].free;
}
