import type { z } from 'zod';
import type { Actor } from '../../../core/auth/session-user.js';
import { dateInZone } from '../../../core/clock.js';
import type { AppContext } from '../../../core/context.js';
import { dashboardFrame } from './dashboard.repo.js';
import type { DashboardDog, DueSoonEntry, WelcomeDashboard } from './dashboard.schemas.js';

/**
 * The welcome dashboard knows no area's content: areas register providers (routes.ts passes them in) that add
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

/** One area's upcoming items; the dashboard merges all of them, earliest first. */
export type DueSoonProvider = (ctx: AppContext, scope: DashboardScope) => Promise<DueSoonEntry[]>;

export interface DashboardProvider<Cards extends z.ZodRawShape = z.ZodRawShape, DogFields extends z.ZodRawShape = z.ZodRawShape> {
  /** The area, for logs and docs. */
  area: string;
  /** Top-level cards (keys of the answer, e.g. on_this_day) with their schemas. */
  cards?: { shape: Cards; load(ctx: AppContext, scope: DashboardScope): Promise<z.infer<z.ZodObject<Cards>>> };
  /** Fields added to every dog of the answer (e.g. daily_photo): one value set per dog id of the scope. */
  dogFields?: { shape: DogFields; load(ctx: AppContext, scope: DashboardScope): Promise<Map<number, z.infer<z.ZodObject<DogFields>>>> };
  dueSoon?: DueSoonProvider;
}

const DUE_SOON_LIMIT = 10;

export async function welcomeDashboard(ctx: AppContext, actor: Actor, providers: readonly DashboardProvider[]): Promise<WelcomeDashboard> {
  const now = ctx.clock.now();
  const today = dateInZone(now, ctx.config.timeZone);
  // One statement for the frame (dogs, shared dogs, unread count); the areas' reads follow, each in as few as it can.
  const { dogs, shared, unread } = await dashboardFrame(ctx.db, actor.id);
  const scope: DashboardScope = { actor, today, now: now.toISOString(), dogs, sharedDogs: shared };
  const [dogFields, cards, due] = await Promise.all([
    Promise.all(providers.map((p) => p.dogFields?.load(ctx, scope))),
    Promise.all(providers.map((p) => p.cards?.load(ctx, scope))),
    Promise.all(providers.map((p) => p.dueSoon?.(ctx, scope) ?? [])),
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
