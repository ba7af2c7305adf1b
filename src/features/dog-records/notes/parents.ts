import { requireDogAccess, requireDogRecord, type Wording } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import { notFound } from '#core/http/route/errors.js';
import { findRecordWithOwner } from '#core/records/records.repo.js';
import type { ParentType } from './notes.schemas.js';
import { walkForNote } from '../../map/walks/index.js';

/**
 * Where each parent type lives. Every parent hangs below a dog (a table with dog_id), so one rule decides: the
 * parent must exist (404) and its dog be the actor's own (403; notes are the owner's private thoughts, caregivers
 * do not see them). A walk is the exception: it belongs to the user who walked (with one or more dogs), so the
 * walk's owner may note on it and the note hangs on the walk's first dog.
 */
const PARENTS: Record<Exclude<ParentType, 'dog'>, { table: string | null; wording: Wording }> = {
  diary_entry: { table: 'diary_entries', wording: { missing: 'Diesen Tagebucheintrag gibt es nicht.', foreign: 'Dieser Eintrag gehört nicht dir.' } },
  vet_visit: { table: 'vet_visits', wording: { missing: 'Diesen Tierarztbesuch gibt es nicht.', foreign: 'Dieser Tierarztbesuch gehört nicht dir.' } },
  heat_cycle: { table: 'heat_cycles', wording: { missing: 'Diese Läufigkeit gibt es nicht.', foreign: 'Diese Läufigkeit gehört nicht dir.' } },
  care_routine: { table: 'care_routines', wording: { missing: 'Diese Pflegeroutine gibt es nicht.', foreign: 'Diese Pflegeroutine gehört nicht dir.' } },
  expense: { table: 'expenses', wording: { missing: 'Diese Ausgabe gibt es nicht.', foreign: 'Diese Ausgabe gehört nicht dir.' } },
  training_session: {
    table: 'training_sessions',
    wording: { missing: 'Diese Trainingseinheit gibt es nicht.', foreign: 'Diese Trainingseinheit gehört nicht dir.' },
  },
  walk: { table: 'walks', wording: { missing: 'Diesen Spaziergang gibt es nicht.', foreign: 'Dieser Spaziergang gehört nicht dir.' } },
};

/** The tables of the parent types that exist (for the orphan sweep). */
export const PARENT_TABLES = Object.entries(PARENTS).flatMap(([type, p]) => (p.table ? [{ type: type as ParentType, table: p.table }] : []));

/** Checks the parent and answers its dog. */
export async function requireParent(ctx: AppContext, actor: Actor, type: ParentType, id: number): Promise<{ dog_id: number }> {
  if (type === 'dog') return requireDogAccess(ctx.db, actor, id, 'manage');
  if (type === 'walk') return walkForNote(ctx, actor, id);
  const parent = PARENTS[type];
  if (!parent.table) throw notFound(parent.wording.missing);
  const row = await findRecordWithOwner(ctx.db, parent.table, ['id', 'dog_id'], id);
  return requireDogRecord(ctx.db, actor, row, 'manage', parent.wording);
}
