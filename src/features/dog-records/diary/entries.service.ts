import { z } from 'zod';
import { requireDogAccess, requireDogRecord, type DogNeed } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import { dateInZone } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { badRequest, forbidden, notFound } from '#core/http/route/errors.js';
import { keysetPage, type CursorRule, type Page } from '#core/http/route/pagination.js';
import { assertNotInFuture } from '#core/http/route/schema-kit.js';
import { removeStoredMedia } from '#core/media/storage.js';
import { deleteDailyPhotosByUrl } from './daily-photo.repo.js';
import { ENTRY_WORDING, type CreateEntryBody, type Entry, type ListEntriesQuery, type UpdateEntryBody } from './diary.schemas.js';
import {
  deleteEntryRow,
  findEntryWithOwner,
  insertEntry,
  listEntryRows,
  touchEntry,
  updateEntryRow,
  withMedia,
  type DayCursor,
  type EntryRow,
} from './entries.repo.js';
import { mediaUrlsOfEntry } from './media.repo.js';

/** The cursor of lists ordered by diary day, then id, both newest first (entries, the mosaic). */
export const byDayThenId = <Row>(dayOf: (row: Row) => string, idOf: (row: Row) => number): CursorRule<DayCursor, Row> => ({
  schema: z.object({ d: z.iso.date(), id: z.number().int() }),
  of: (row) => ({ d: dayOf(row), id: idOf(row) }),
});
const ENTRY_CURSOR = byDayThenId<EntryRow>(
  (r) => r.date,
  (r) => r.id,
);

const NOT_YOUR_ENTRY = 'Diesen Eintrag hat jemand anderes geschrieben. Du kannst nur deine eigenen Einträge ändern.';

/**
 * The entry with its dog's owner, if the actor may do `need` with it: missing → 404, not theirs → 403. Decisions
 * (family sharing): a caregiver writes entries under their own name and changes only those; the owner changes all.
 */
export async function loadEntry(ctx: AppContext, actor: Actor, entryId: number, need: DogNeed) {
  const entry = await requireDogRecord(ctx.db, actor, await findEntryWithOwner(ctx.db, entryId), need, ENTRY_WORDING);
  if (need !== 'read' && entry.access.role === 'caregiver' && entry.author_id !== actor.id) throw forbidden(NOT_YOUR_ENTRY);
  return entry;
}

function assertDateNotInFuture(ctx: AppContext, date: string | undefined): void {
  assertNotInFuture(date, dateInZone(ctx.clock.now(), ctx.config.timeZone), 'date');
}

/** Tags are kept once each (first spelling wins), in the order given. */
function tagsJson(tags: string[] | undefined): string | null {
  if (!tags) return null;
  const seen = new Set<string>();
  const unique = tags.filter((t) => {
    const key = t.toLocaleLowerCase('de-DE');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.length ? JSON.stringify(unique) : null;
}

async function entryView(ctx: AppContext, row: EntryRow | undefined): Promise<Entry> {
  const [entry] = row ? await withMedia(ctx.db, [row]) : [];
  if (!entry) throw notFound(ENTRY_WORDING.missing);
  return entry;
}

/** Decisions: an entry needs a title or a text (photos come after it exists, so they cannot be all it has). */
const TITLE_OR_TEXT = 'Gib dem Eintrag eine Überschrift oder schreib ein paar Worte dazu.';
function assertTitleOrText(title: string | null | undefined, text: string | undefined): void {
  if (!title?.trim() && !text?.trim()) throw badRequest(TITLE_OR_TEXT, { text: TITLE_OR_TEXT });
}

export async function createEntry(ctx: AppContext, actor: Actor, dogId: number, body: CreateEntryBody): Promise<Entry> {
  const dog = await requireDogAccess(ctx.db, actor, dogId, 'write');
  assertDateNotInFuture(ctx, body.date);
  assertTitleOrText(body.title, body.text);
  const now = ctx.clock.now().toISOString();
  const id = await insertEntry(ctx.db, {
    dog_id: dog.dog_id,
    date: body.date,
    title: body.title ?? null,
    text: body.text,
    mood: body.mood ?? null,
    tags_json: tagsJson(body.tags),
    author_id: actor.id,
    created_at: now,
    updated_at: now,
  });
  return entryView(ctx, await findEntryWithOwner(ctx.db, id));
}

export async function getEntry(ctx: AppContext, actor: Actor, entryId: number): Promise<Entry> {
  return entryView(ctx, await loadEntry(ctx, actor, entryId, 'read'));
}

export async function updateEntry(ctx: AppContext, actor: Actor, entryId: number, body: UpdateEntryBody): Promise<Entry> {
  const old = await loadEntry(ctx, actor, entryId, 'write');
  assertDateNotInFuture(ctx, body.date);
  assertTitleOrText(body.title !== undefined ? body.title : old.title, body.text ?? old.text);
  await updateEntryRow(ctx.db, entryId, {
    ...(body.date !== undefined ? { date: body.date } : {}),
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.text !== undefined ? { text: body.text } : {}),
    ...(body.mood !== undefined ? { mood: body.mood } : {}),
    ...(body.tags !== undefined ? { tags_json: tagsJson(body.tags) } : {}),
    updated_at: ctx.clock.now().toISOString(),
  });
  return entryView(ctx, await findEntryWithOwner(ctx.db, entryId));
}

/** Deletes the entry, its media rows and their daily-photo cache rows in one transaction; the files after commit. */
export async function deleteEntry(ctx: AppContext, actor: Actor, entryId: number): Promise<void> {
  await loadEntry(ctx, actor, entryId, 'write');
  const urls = await ctx.db.transaction().execute(async (trx) => {
    if (!(await touchEntry(trx, entryId, ctx.clock.now().toISOString()))) throw notFound(ENTRY_WORDING.missing);
    const media = await mediaUrlsOfEntry(trx, entryId);
    await deleteDailyPhotosByUrl(
      trx,
      media.map((m) => m.url),
    );
    await deleteEntryRow(trx, entryId);
    return media.flatMap((m) => [m.url, m.preview_url]);
  });
  await removeStoredMedia(ctx, urls);
}

export async function listEntries(ctx: AppContext, actor: Actor, dogId: number, query: ListEntriesQuery): Promise<Page<Entry>> {
  await requireDogAccess(ctx.db, actor, dogId, 'read');
  return listEntriesOf(ctx, [dogId], query);
}

/** The entries of several dogs in one list (the diary's "Alle Hunde"), newest day first. */
export async function listEntriesOf(ctx: AppContext, dogIds: number[], query: ListEntriesQuery): Promise<Page<Entry>> {
  const page = await keysetPage(query, ENTRY_CURSOR, (take, after) => listEntryRows(ctx.db, dogIds, take, { after, from: query.from, to: query.to }));
  return { items: await withMedia(ctx.db, page.items), next_cursor: page.next_cursor };
}
