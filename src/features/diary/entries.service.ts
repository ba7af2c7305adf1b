import type { Request } from 'express';
import { loadOwnedDog } from '../../core/auth/ownership.js';
import { dateInZone } from '../../core/clock.js';
import type { AppContext } from '../../core/context.js';
import type { Db } from '../../core/db/index.js';
import { badRequest, forbidden, notFound, unauthorized } from '../../core/http/errors.js';
import { decodeCursor, toPage } from '../../core/http/pagination.js';
import { removeMediaFiles } from '../../core/media/storage.js';
import { z } from 'zod';
import { deleteDailyPhotosByUrl } from './daily-photo.js';
import type { CreateEntryBody, Entry, UpdateEntryBody } from './diary.schemas.js';
import { deleteEntryRow, findEntryWithOwner, insertEntry, listEntryRows, updateEntryRow, withMedia, type EntryRow } from './entries.repo.js';
import { mediaUrlsOfEntry } from './media.repo.js';

const EntryCursor = z.object({ d: z.iso.date(), id: z.number().int() });

/** The spec's ownership rule through the dog: another user's entry → 403, a missing one → 404. */
export async function loadOwnedEntry(ctx: AppContext, req: Request, entryId: number): Promise<EntryRow & { user_id: number }> {
  if (!req.user) throw unauthorized();
  const entry = await findEntryWithOwner(ctx.db, entryId);
  if (!entry) throw notFound('Diesen Tagebucheintrag gibt es nicht.');
  if (entry.user_id !== req.user.id) throw forbidden('Das ist nicht dein Tagebucheintrag.');
  return entry;
}

/**
 * Locks the entry row for the rest of the transaction (an UPDATE takes a row lock on PostgreSQL; SQLite
 * transactions are serial anyway). Uploads and deletes of one entry both start with it, so a delete never
 * misses the files of an upload that commits at the same moment. False when the entry is gone.
 */
export async function touchEntry(db: Db, entryId: number, now: string): Promise<boolean> {
  const row = await db.updateTable('diary_entries').set({ updated_at: now }).where('id', '=', entryId).returning('id').executeTakeFirst();
  return row !== undefined;
}

function today(ctx: AppContext): string {
  return dateInZone(ctx.clock.now(), ctx.config.timeZone);
}

function assertNotInFuture(ctx: AppContext, date: string | undefined): void {
  if (date && date > today(ctx)) throw badRequest('Das Datum liegt in der Zukunft.', { date: 'Das Datum liegt in der Zukunft.' });
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

async function entryView(ctx: AppContext, id: number): Promise<Entry> {
  const row = await findEntryWithOwner(ctx.db, id);
  if (!row) throw notFound('Diesen Tagebucheintrag gibt es nicht.');
  const [entry] = await withMedia(ctx.db, [row]);
  if (!entry) throw notFound('Diesen Tagebucheintrag gibt es nicht.');
  return entry;
}

export async function createEntry(ctx: AppContext, req: Request, dogId: number, body: CreateEntryBody): Promise<Entry> {
  const dog = await loadOwnedDog(ctx.db, req, dogId);
  assertNotInFuture(ctx, body.date);
  const now = ctx.clock.now().toISOString();
  const id = await insertEntry(ctx.db, {
    dog_id: dog.id,
    date: body.date,
    title: body.title ?? null,
    text: body.text,
    mood: body.mood ?? null,
    tags_json: tagsJson(body.tags),
    created_at: now,
    updated_at: now,
  });
  return entryView(ctx, id);
}

export async function getEntry(ctx: AppContext, req: Request, entryId: number): Promise<Entry> {
  const row = await loadOwnedEntry(ctx, req, entryId);
  const [entry] = await withMedia(ctx.db, [row]);
  if (!entry) throw notFound('Diesen Tagebucheintrag gibt es nicht.');
  return entry;
}

export async function updateEntry(ctx: AppContext, req: Request, entryId: number, body: UpdateEntryBody): Promise<Entry> {
  await loadOwnedEntry(ctx, req, entryId);
  assertNotInFuture(ctx, body.date);
  await updateEntryRow(ctx.db, entryId, {
    ...(body.date !== undefined ? { date: body.date } : {}),
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.text !== undefined ? { text: body.text } : {}),
    ...(body.mood !== undefined ? { mood: body.mood } : {}),
    ...(body.tags !== undefined ? { tags_json: tagsJson(body.tags) } : {}),
    updated_at: ctx.clock.now().toISOString(),
  });
  return entryView(ctx, entryId);
}

/** Deletes the entry, its media rows and their daily-photo cache rows in one transaction; the files after commit. */
export async function deleteEntry(ctx: AppContext, req: Request, entryId: number): Promise<void> {
  await loadOwnedEntry(ctx, req, entryId);
  const urls = await ctx.db.transaction().execute(async (trx) => {
    if (!(await touchEntry(trx, entryId, ctx.clock.now().toISOString()))) throw notFound('Diesen Tagebucheintrag gibt es nicht.');
    const media = await mediaUrlsOfEntry(trx, entryId);
    await deleteDailyPhotosByUrl(trx, media.map((m) => m.url));
    await deleteEntryRow(trx, entryId);
    return media.flatMap((m) => [m.url, m.preview_url]);
  });
  await removeMediaFiles(ctx.config.mediaDir, urls, ctx.log);
}

export async function listEntries(
  ctx: AppContext,
  req: Request,
  dogId: number,
  query: { limit: number; cursor?: string | undefined; from?: string | undefined; to?: string | undefined },
) {
  await loadOwnedDog(ctx.db, req, dogId);
  const after = decodeCursor(query.cursor, EntryCursor);
  const rows = await listEntryRows(ctx.db, dogId, { limit: query.limit, after, from: query.from, to: query.to });
  const page = toPage(rows, query.limit, (r) => ({ d: r.date, id: r.id }), (r) => r);
  return { items: await withMedia(ctx.db, page.items), next_cursor: page.next_cursor };
}
