import { requireOwner, type Wording } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import type { ExportSection } from '#core/export/index.js';
import { idBatches } from '#core/id-batches.js';
import { AppError, notFound } from '#core/http/route/errors.js';
import { byId, keysetPage, type Page } from '#core/http/route/pagination.js';
import { NoteAnalysis } from '../ai/index.js';
import { deleteNote, findNote, insertNote, listNotes, notesOfUser, updateNote, type NoteRow } from './notes.repo.js';
import { META_JSON_MAX, type Note, type NotesQuery, type ParentType } from './notes.schemas.js';
import { requireParent } from './parents.js';

const WORDING: Wording = { missing: 'Diese Notiz gibt es nicht.', foreign: 'Diese Notiz gehört nicht dir.' };

function parseJson<T>(text: string | null, check: (v: unknown) => T | null): T | null {
  if (text === null) return null;
  try {
    return check(JSON.parse(text));
  } catch {
    return null;
  }
}

export function toNote(row: NoteRow): Note {
  return {
    id: row.id,
    parent_type: row.parent_type as ParentType,
    parent_id: row.parent_id,
    rubrik: row.rubrik,
    text: row.text,
    meta_json: parseJson(row.meta_json, (v) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null)),
    analysis: parseJson(row.analysis_json, (v) => NoteAnalysis.safeParse(v).data ?? null),
    analysed_at: row.analysed_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** meta_json as stored: a small object, or 422 when its JSON is longer than META_JSON_MAX. */
function metaText(meta: Record<string, unknown> | null | undefined): string | null | undefined {
  if (meta === undefined) return undefined;
  if (meta === null) return null;
  const text = JSON.stringify(meta);
  if (text.length > META_JSON_MAX) {
    throw new AppError(422, 'too_long', `meta_json darf höchstens ${META_JSON_MAX.toLocaleString('de-DE')} Zeichen lang sein.`, { meta_json: 'Zu lang.' });
  }
  return text;
}

export async function createNote(
  ctx: AppContext,
  actor: Actor,
  body: { parent_type: ParentType; parent_id: number; rubrik: string; text: string; meta_json?: Record<string, unknown> | null | undefined },
): Promise<Note> {
  const parent = await requireParent(ctx, actor, body.parent_type, body.parent_id);
  const now = ctx.clock.now().toISOString();
  const row = await insertNote(ctx.db, {
    user_id: actor.id,
    dog_id: parent.dog_id,
    parent_type: body.parent_type,
    parent_id: body.parent_id,
    rubrik: body.rubrik,
    text: body.text,
    meta_json: metaText(body.meta_json) ?? null,
    created_at: now,
    updated_at: now,
  });
  return toNote(row);
}

export async function notesOf(ctx: AppContext, actor: Actor, query: NotesQuery): Promise<Page<Note>> {
  await requireParent(ctx, actor, query.parent_type, query.parent_id);
  return keysetPage(query, byId<NoteRow>(), (take, after) => listNotes(ctx.db, query.parent_type, query.parent_id, take, after), toNote);
}

export async function ownNote(ctx: AppContext, actor: Actor, id: number): Promise<NoteRow> {
  return requireOwner(actor, await findNote(ctx.db, id), WORDING);
}

/** A changed text drops the analysis: it was about the old words. */
export async function changeNote(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: { rubrik?: string | undefined; text?: string | undefined; meta_json?: Record<string, unknown> | null | undefined },
): Promise<Note> {
  const note = await ownNote(ctx, actor, id);
  const textChanged = body.text !== undefined && body.text !== note.text;
  const row = await updateNote(ctx.db, id, {
    ...(body.rubrik !== undefined ? { rubrik: body.rubrik } : {}),
    ...(body.text !== undefined ? { text: body.text } : {}),
    ...(body.meta_json !== undefined ? { meta_json: metaText(body.meta_json) } : {}),
    ...(textChanged ? { analysis_json: null, analysed_at: null } : {}),
    updated_at: ctx.clock.now().toISOString(),
  });
  if (!row) throw notFound(WORDING.missing);
  return toNote(row);
}

export async function removeNote(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ownNote(ctx, actor, id);
  if (!(await deleteNote(ctx.db, id))) throw notFound(WORDING.missing);
}

export async function storeAnalysis(ctx: AppContext, id: number, analysis: NoteAnalysis): Promise<Note> {
  const row = await updateNote(ctx.db, id, { analysis_json: JSON.stringify(analysis), analysed_at: ctx.clock.now().toISOString() });
  if (!row) throw notFound(WORDING.missing);
  return toNote(row);
}

/** The notes the user wrote, in the API's shape, as `daten/notizen.json` (the data export). */
export const notesExport: ExportSection = async (ctx, actor, out) => {
  const notes: Note[] = [];
  for await (const rows of idBatches((after, size) => notesOfUser(ctx.db, actor.id, after, size), 1000)) notes.push(...rows.map(toNote));
  if (notes.length) out.json('daten', 'notizen.json', notes);
};
