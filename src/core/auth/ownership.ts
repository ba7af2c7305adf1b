import type { Db } from '../db/index.js';
import { forbidden, notFound } from '../http/route/errors.js';
import { findDogOwner, isCaregiver, sharedDogIds } from './ownership.repo.js';
import { isStaff, type Actor } from './session-user.js';

/**
 * The spec's ownership rule (Authentication 7) in one place: a missing record → 404, another user's → 403,
 * admins and moderators pass only where the route allows it (`staff: true`). Every owner-scoped service calls
 * one of these; no area writes the 404/403 block by hand.
 *
 * Records below a dog (diary, health, care, …) go through the dog: `requireDogAccess` decides who may do what
 * with a dog and everything on it. Family sharing's caregiver role lives in `roleFor`, and only there.
 */

/** German sentences for the two refusals; whole sentences because the article depends on the noun. */
export interface Wording {
  missing: string;
  foreign: string;
}

export interface OwnershipOptions {
  /** Admins and moderators may act on other users' records through this route. */
  staff?: boolean;
}

export const DOG_WORDING: Wording = { missing: 'Diesen Hund gibt es nicht.', foreign: 'Das ist nicht dein Hund.' };

/** A record the user owns directly (user_id on the row). Returns the row when the actor may use it. */
export function requireOwner<T extends { user_id: number }>(actor: Actor, row: T | undefined, wording: Wording, options: OwnershipOptions = {}): T {
  if (!row) throw notFound(wording.missing);
  if (row.user_id !== actor.id && !(options.staff && isStaff(actor))) throw forbidden(wording.foreign);
  return row;
}

/** A record its owner may share (`public` = 1, places and routes): a shared one anybody reads, a private one only its owner. */
export function requireReadable<T extends { user_id: number; public: number }>(actor: Actor, row: T | undefined, wording: Wording): T {
  return row?.public ? row : requireOwner(actor, row, wording);
}

/**
 * What a caller wants to do with a dog or a record below it:
 * 'read'   look at the dog and its records (owner, caregiver);
 * 'write'  add or correct the everyday records a caregiver keeps too: diary entries, care ticks, weights,
 *          training sessions (owner, caregiver);
 * 'manage' everything only the owner may do: change or delete the dog, its members, the health records a
 *          caregiver may only read, and what a caregiver may not see at all (expenses).
 */
export type DogNeed = 'read' | 'write' | 'manage';
/** How the caller is related to the dog. */
export type DogRole = 'owner' | 'caregiver' | 'staff';

export interface DogAccess {
  dog_id: number;
  /** The dog's owner: files and quotas belong to them, whoever acts. */
  owner_id: number;
  role: DogRole;
}

/** What an accepted caregiver (family sharing, decisions: Per-dog records) may do. */
const CAREGIVER_MAY: ReadonlySet<DogNeed> = new Set<DogNeed>(['read', 'write']);

/**
 * The one decision who may do what with a dog: its owner everything; a caregiver who accepted the invitation
 * 'read' and 'write'; staff where the route allows. Everybody else nothing (→ 403).
 */
async function roleFor(db: Db, actor: Actor, dog: { id: number; user_id: number }, need: DogNeed, options: OwnershipOptions): Promise<DogRole | null> {
  if (dog.user_id === actor.id) return 'owner';
  if (options.staff && isStaff(actor)) return 'staff';
  if (CAREGIVER_MAY.has(need) && (await isCaregiver(db, dog.id, actor.id))) return 'caregiver';
  return null;
}

/** Loads the dog's owner and checks the actor's access: missing → 404, no access → 403. */
export async function requireDogAccess(db: Db, actor: Actor, dogId: number, need: DogNeed, options: OwnershipOptions = {}): Promise<DogAccess> {
  const dog = await findDogOwner(db, dogId);
  if (!dog) throw notFound(DOG_WORDING.missing);
  const role = await roleFor(db, actor, dog, need, options);
  if (!role) throw forbidden(DOG_WORDING.foreign);
  return { dog_id: dog.id, owner_id: dog.user_id, role };
}

/**
 * A record below a dog, loaded by its area's repo with the dog's owner joined in (`user_id`).
 * Missing → 404 in the record's own words; no access to its dog → 403.
 */
export async function requireDogRecord<T extends { dog_id: number; user_id: number }>(
  db: Db,
  actor: Actor,
  row: T | undefined,
  need: DogNeed,
  wording: Wording,
  options: OwnershipOptions = {},
): Promise<T & { access: DogAccess }> {
  if (!row) throw notFound(wording.missing);
  const role = await roleFor(db, actor, { id: row.dog_id, user_id: row.user_id }, need, options);
  if (!role) throw forbidden(wording.foreign);
  return { ...row, access: { dog_id: row.dog_id, owner_id: row.user_id, role } };
}

/** Every dog the actor may read as owner or caregiver: own dogs first, then the shared ones (ids). */
export async function readableDogIds(db: Db, actor: Actor, ownDogIds: readonly number[]): Promise<number[]> {
  const shared = await sharedDogIds(db, actor.id);
  return [...new Set([...ownDogIds, ...shared])];
}
