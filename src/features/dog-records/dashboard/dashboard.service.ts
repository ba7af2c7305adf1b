import type { z } from 'zod';
import type { Actor } from '#core/auth/session-user.js';
import { dateInZone } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import type { Db } from '#core/db/index.js';
import { dashboardFrame, readDashboardBranches, type DashboardBranch, type DashboardRow } from './dashboard.repo.js';
import type { DashboardDog, DueSoonEntry, WelcomeDashboard } from './dashboard.schemas.js';

/**
 * The welcome dashboard knows no area's content: areas register providers (their manifests' `dashboard`; routes.ts passes them in) that add
 * fields to each dog, cards of their own, or items to the shared "due soon" list. A later area (health, care,
 * community) plugs in the same way; the OpenAPI document is built from the providers' schemas.
 */

/** What every provider gets: who asks, which day it is for them, and their dogs. */
export interface DashboardScope {
  actor: Actor;
  /** Today in the app's time zone, YYYY-MM-DD. */
  today: string;
  /** The moment of the request, ISO 8601 UTC. */
  now: string;
  /** The actor's dogs, in the order they were added. */
  dogs: DashboardDog[];
  /** The dogs shared with the actor (accepted), by id: read with the frame, so an area need not ask again. */
  sharedDogs: { id: number; name: string }[];
}

/** The rows an area's `reads` brought, by the key it gave the branch (none: an empty list). */
export type DashboardRows = (key: string) => DashboardRow[];

/** One area's upcoming items; the dashboard merges all of them, earliest first. */
export type DueSoonProvider = (ctx: AppContext, scope: DashboardScope, rows: DashboardRows) => Promise<DueSoonEntry[]>;

export interface DashboardProvider<Cards extends z.ZodRawShape = z.ZodRawShape, DogFields extends z.ZodRawShape = z.ZodRawShape> {
  /** The area, for logs and docs. */
  area: string;
  /**
   * What the area reads, as branches of the dashboard's one statement for all areas (issue 34: fewer round trips),
   * by a key of the area's choosing; the loaders below get the rows by that key. An area may read on its own too
   * (a write, or a read that depends on these rows), at the price of a round trip.
   */
  reads?(db: Db, scope: DashboardScope): Partial<Record<string, DashboardBranch>>;
  /** Top-level cards (keys of the answer, e.g. on_this_day) with their schemas. */
  cards?: { shape: Cards; load(ctx: AppContext, scope: DashboardScope, rows: DashboardRows): Promise<z.infer<z.ZodObject<Cards>>> };
  /** Fields added to every dog of the answer (e.g. daily_photo): one value set per dog id of the scope. */
  dogFields?: {
    shape: DogFields;
    load(ctx: AppContext, scope: DashboardScope, rows: DashboardRows): Promise<Map<number, z.infer<z.ZodObject<DogFields>>>>;
  };
  dueSoon?: DueSoonProvider;
}

const DUE_SOON_LIMIT = 10;

/** Earliest day first, then by id: the order most branches read in, for areas to sort their rows again (a union's rows come in no promised order). */
export const byDayThenId = (a: DashboardRow, b: DashboardRow): number =>
  (a.day ?? '') < (b.day ?? '') ? -1 : (a.day ?? '') > (b.day ?? '') ? 1 : (a.id ?? 0) - (b.id ?? 0);

/**
 * `reads` of an area with one branch over the actor's own dogs (by their ids, in the order they were added): no
 * branch at all when they have none.
 */
export const readsOfOwnDogs =
  (key: string, branch: (db: Db, dogIds: number[], scope: DashboardScope) => DashboardBranch) =>
  (db: Db, scope: DashboardScope): Partial<Record<string, DashboardBranch>> =>
    scope.dogs.length === 0
      ? {}
      : {
          [key]: branch(
            db,
            scope.dogs.map((d) => d.id),
            scope,
          ),
        };

/** The `day` of each row by its `dog_id`, in row order (a branch of days per dog: heat starts, training days). */
export function daysByDog(rows: DashboardRow[]): Map<number, string[]> {
  const days = new Map<number, string[]>();
  for (const r of rows) {
    if (r.dog_id === null || r.day === null) continue;
    const list = days.get(r.dog_id);
    if (list) list.push(r.day);
    else days.set(r.dog_id, [r.day]);
  }
  return days;
}

export async function welcomeDashboard(ctx: AppContext, actor: Actor, providers: readonly DashboardProvider[]): Promise<WelcomeDashboard> {
  const now = ctx.clock.now();
  const today = dateInZone(now, ctx.config.timeZone);
  // One statement for the frame (dogs, shared dogs, unread count): the areas' reads need the dogs' ids.
  const { dogs, shared, unread } = await dashboardFrame(ctx.db, actor.id);
  const scope: DashboardScope = { actor, today, now: now.toISOString(), dogs, sharedDogs: shared };
  // Every area's reads in one more statement, each area's rows back to it by its keys.
  const branches = providers.flatMap((p, i) =>
    Object.entries(p.reads?.(ctx.db, scope) ?? {}).flatMap(([key, branch]) => (branch ? [{ tag: `${i}.${key}`, branch }] : [])),
  );
  const read = await readDashboardBranches(ctx.db, branches);
  const rowsOf =
    (i: number): DashboardRows =>
    (key) =>
      read.get(`${i}.${key}`) ?? [];
  const [dogFields, cards, due] = await Promise.all([
    Promise.all(providers.map((p, i) => p.dogFields?.load(ctx, scope, rowsOf(i)))),
    Promise.all(providers.map((p, i) => p.cards?.load(ctx, scope, rowsOf(i)))),
    Promise.all(providers.map((p, i) => p.dueSoon?.(ctx, scope, rowsOf(i)) ?? [])),
  ]);
  return {
    today,
    dogs: dogs.map((dog) => Object.assign({ ...dog }, ...dogFields.map((fields) => fields?.get(dog.id)))),
    ...Object.assign({}, ...cards),
    // Earliest first, so whatever is overdue leads the list.
    due_soon: due
      .flat()
      .sort((a, b) => a.due_date.localeCompare(b.due_date))
      .slice(0, DUE_SOON_LIMIT)
      .map((item) => ({ ...item, overdue: item.due_date < today })),
    unread_notifications: unread,
  };
}
