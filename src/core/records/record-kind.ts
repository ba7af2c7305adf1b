import { routeGroup } from '../http/route/route-group.js';
import { z } from 'zod';
import { requireDogAccess, requireDogRecord, type DogNeed, type Wording } from '../auth/ownership.js';
import { ownDogIds } from '../auth/ownership.repo.js';
import type { Actor } from '../auth/session-user.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import { lockRow } from '../db/row-lock.js';
import type { ExportSection } from '../export/index.js';
import { AppError, notFound } from '../http/route/errors.js';
import { idempotency } from '../http/guards/idempotency.js';
import { keysetPage, PageQuery, pageSchema, type CursorRule, type Page } from '../http/route/pagination.js';
import type { Routes } from '../http/route/route.js';
import { DogIdParam, IdParam, patchOf } from '../http/route/schema-kit.js';
import {
  countRecordRows,
  deleteRecordRow,
  findRecordWithOwner,
  insertRecordRow,
  listRecordRows,
  updateRecordRow,
  type RecordCursor,
  type RecordRow,
} from './records.repo.js';

/**
 * The per-dog record module: one definition per kind (table, zod schemas, wording, who may do what) gives
 *   GET/POST   /api/dogs/{dogId}/<path>   list (newest first, keyset pages) and create → 201
 *   GET/PATCH/DELETE /api/<path>/{id}     one record
 * with OpenAPI from the same schemas and the ownership rule (401 / 403 / 404) through requireDogAccess and
 * requireDogRecord, so the caregiver role (family sharing) reaches every kind through ownership.ts alone.
 * A record goes with its dog and the dog with its owner's account (ON DELETE CASCADE in the kind's migration).
 * A new per-dog area is a table with the record frame, a kind definition and `recordRoutes(ctx, routes, kind)`.
 */

type Body = Record<string, unknown>;

export interface RecordKind<Item extends { id: number; dog_id: number }> {
  /** URL segment: /api/dogs/{dogId}/<path> and /api/<path>/{id}. */
  path: string;
  table: string;
  /** OpenAPI tag. */
  tag: string;
  /** German names for the summaries: singular "Impfung", plural "Impfungen". */
  names: { one: string; many: string };
  /** The response schema of one record (registered as a component through its meta id). */
  item: z.ZodType<Item>;
  createBody: z.ZodObject;
  patchBody: z.ZodObject;
  /** The stored columns the answer shows (explicit list, no SELECT *). */
  columns: readonly string[];
  /** A date column for newest-first order; without one, newest by id. */
  orderBy?: string;
  /** A second record with the same values in these columns replaces the first (weights: dog_id + date). */
  uniqueBy?: readonly string[];
  wording: Wording;
  /** The need (ownership.ts) for each operation; reading is 'read' unless given. */
  needs: { list?: DogNeed; create: DogNeed; change: DogNeed; remove: DogNeed };
  /** Rules across fields, on the whole record as it would be stored (create: the body; patch: old merged with new). */
  check?(ctx: AppContext, record: Body): void;
  /** Rules about the dog itself, before a record is added (heat cycles only for female dogs: 409). */
  checkDog?(ctx: AppContext, dogId: number): Promise<void>;
  /** Values a new record gets when the body leaves them out, from the dog's owner (expenses: the currency of their country). */
  defaults?(ctx: AppContext, dog: { dog_id: number; owner_id: number }): Promise<Body>;
  /** Columns the server computes from the stored fields (care routines: next_due), on create and on every change. */
  derive?(record: Body): Body;
  /** After a record was stored (create or change), e.g. a recurring expense's due occurrences. */
  afterSave?(ctx: AppContext, row: RecordRow): Promise<void>;
  /** Row → answer; the default passes the row on. */
  toItem?(row: RecordRow): Item;
  /** Leave out the JSON create route (the kind registers its own, e.g. a multipart upload). */
  customCreate?: boolean;
  /** The create route honours an `Idempotency-Key` (a write the app queues offline: weights, training sessions). */
  idempotentCreate?: true;
  /** At most this many records per dog (a soft cap against runaway clients; 422 `too_many_records`). */
  maxPerDog?: number;
  /** After a record's row is gone (files to remove). */
  afterRemove?(ctx: AppContext, row: RecordRow & { user_id: number }): Promise<void>;
}

/** The parts recordKindOf fills in; a kind may still give its own bodies. */
type Filled = 'item' | 'createBody' | 'patchBody' | 'columns';

/**
 * A kind from its item schema and one set of fields: the bodies registered as Create<name>Body and Update<name>Body
 * beside the item's component <name>, and the record frame (id, dog, timestamps) ahead of the kind's own `columns`.
 */
export function recordKindOf<T extends { id: number; dog_id: number }>(
  name: string,
  item: z.ZodType<T>,
  fields: z.ZodObject,
  kind: Omit<RecordKind<T>, Filled> & Partial<Pick<RecordKind<T>, 'createBody' | 'patchBody'>> & { columns: readonly string[] },
): RecordKind<T> {
  return {
    ...kind,
    item,
    createBody: kind.createBody ?? fields.meta({ id: `Create${name}Body` }),
    patchBody: kind.patchBody ?? patchOf(fields, `Update${name}Body`),
    columns: ['id', 'dog_id', 'created_at', 'updated_at', ...kind.columns],
  };
}

type AnyKind = RecordKind<{ id: number; dog_id: number }>;

const RecordCursorSchema: z.ZodType<RecordCursor> = z.object({ d: z.string().nullable().optional(), id: z.number().int() });

function cursorRule(kind: AnyKind): CursorRule<RecordCursor, RecordRow> {
  const orderBy = kind.orderBy;
  return { schema: RecordCursorSchema, of: (row) => (orderBy ? { d: (row[orderBy] as string | null) ?? null, id: row.id } : { id: row.id }) };
}

const toItem = <Item extends { id: number; dog_id: number }>(kind: RecordKind<Item>, row: RecordRow): Item =>
  kind.toItem ? kind.toItem(row) : (row as unknown as Item);

/** The columns a record is loaded with; the dog's owner comes along for the ownership check. */
export async function loadRecord<Item extends { id: number; dog_id: number }>(
  ctx: AppContext,
  actor: Actor,
  kind: RecordKind<Item>,
  id: number,
  need: DogNeed,
) {
  const row = await findRecordWithOwner(ctx.db, kind.table, kind.columns, id);
  return requireDogRecord(ctx.db, actor, row, need, kind.wording);
}

export async function listRecords<Item extends { id: number; dog_id: number }>(
  ctx: AppContext,
  actor: Actor,
  kind: RecordKind<Item>,
  dogId: number,
  query: PageQuery,
): Promise<Page<Item>> {
  const dog = await requireDogAccess(ctx.db, actor, dogId, kind.needs.list ?? 'read');
  return keysetPage(
    query,
    cursorRule(kind as unknown as AnyKind),
    (take, after) => listRecordRows(ctx.db, kind, dog.dog_id, take, after),
    (row) => toItem(kind, row),
  );
}

/** 422 when the dog has as many records of the kind as it may have (a quick refusal; insertWithinLimit is the check that holds). */
export async function assertRoomFor(db: Db, kind: Pick<AnyKind, 'table' | 'maxPerDog' | 'names'>, dogId: number): Promise<void> {
  if (kind.maxPerDog === undefined) return;
  if ((await countRecordRows(db, kind.table, dogId)) >= kind.maxPerDog)
    throw new AppError(422, 'too_many_records', `Ein Hund kann höchstens ${kind.maxPerDog.toLocaleString('de-DE')} ${kind.names.many} haben.`);
}

/** Inserts a record under the dog row's lock when the kind has a cap, so concurrent creates cannot pass it. */
export async function insertWithinLimit(
  ctx: AppContext,
  kind: Pick<AnyKind, 'table' | 'columns' | 'maxPerDog' | 'names' | 'uniqueBy'>,
  dogId: number,
  values: Record<string, unknown>,
): Promise<RecordRow> {
  if (kind.maxPerDog === undefined) return insertRecordRow(ctx.db, kind.table, kind.columns, values, kind.uniqueBy);
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await lockRow(trx, 'dogs', dogId))) throw notFound('Diesen Hund gibt es nicht.');
    await assertRoomFor(trx, kind, dogId);
    return insertRecordRow(trx, kind.table, kind.columns, values, kind.uniqueBy);
  });
}

export async function createRecord<Item extends { id: number; dog_id: number }>(
  ctx: AppContext,
  actor: Actor,
  kind: RecordKind<Item>,
  dogId: number,
  body: Body,
): Promise<Item> {
  const dog = await requireDogAccess(ctx.db, actor, dogId, kind.needs.create);
  kind.check?.(ctx, body);
  await kind.checkDog?.(ctx, dog.dog_id);
  const now = ctx.clock.now().toISOString();
  const values = { ...(await kind.defaults?.(ctx, dog)), ...body, ...kind.derive?.(body), dog_id: dog.dog_id, created_at: now, updated_at: now };
  const row = await insertWithinLimit(ctx, kind, dog.dog_id, values);
  await kind.afterSave?.(ctx, row);
  return toItem(kind, row);
}

export async function getRecord<Item extends { id: number; dog_id: number }>(ctx: AppContext, actor: Actor, kind: RecordKind<Item>, id: number): Promise<Item> {
  const { access: _access, user_id: _owner, ...row } = await loadRecord(ctx, actor, kind, id, kind.needs.list ?? 'read');
  return toItem(kind, row);
}

/** Changes a record; `need` is the kind's change need unless an action asks for less (a care tick: 'write'). */
export async function changeRecord<Item extends { id: number; dog_id: number }>(
  ctx: AppContext,
  actor: Actor,
  kind: RecordKind<Item>,
  id: number,
  body: Body,
  need: DogNeed = kind.needs.change,
): Promise<Item> {
  const { access: _access, user_id: _owner, ...old } = await loadRecord(ctx, actor, kind, id, need);
  const merged = { ...old, ...body };
  kind.check?.(ctx, merged);
  const row = await updateRecordRow(ctx.db, kind.table, kind.columns, id, { ...body, ...kind.derive?.(merged), updated_at: ctx.clock.now().toISOString() });
  if (!row) throw notFound(kind.wording.missing);
  await kind.afterSave?.(ctx, row);
  return toItem(kind, row);
}

export async function removeRecord<Item extends { id: number; dog_id: number }>(
  ctx: AppContext,
  actor: Actor,
  kind: RecordKind<Item>,
  id: number,
): Promise<void> {
  const row = await loadRecord(ctx, actor, kind, id, kind.needs.remove);
  if (!(await deleteRecordRow(ctx.db, kind.table, id))) throw notFound(kind.wording.missing);
  await kind.afterRemove?.(ctx, row);
}

/** Registers the kind's routes (see the module comment) with their OpenAPI documentation. */
/** Rows a page when the export walks a dog's records: small steps, steady memory. */
const EXPORT_PAGE = 500;

/** The kind's records of the user's own dogs as `daten/<path>.json`, in the API's shape (the data export). */
export function recordExportSection<Item extends { id: number; dog_id: number }>(kind: RecordKind<Item>): ExportSection {
  return async (ctx, actor, out) => {
    const items: Item[] = [];
    for (const dogId of await ownDogIds(ctx.db, actor.id)) {
      let after: RecordCursor | undefined;
      for (;;) {
        const rows = await listRecordRows(ctx.db, kind, dogId, EXPORT_PAGE, after);
        items.push(...rows.map((row) => toItem(kind, row)));
        const last = rows.at(-1);
        if (!last || rows.length < EXPORT_PAGE) break;
        after = { d: kind.orderBy ? (last[kind.orderBy] as string | null) : undefined, id: last.id };
      }
    }
    if (items.length) out.json('daten', `${kind.path}.json`, items);
  };
}

/** A documented answer only when the kind has the hook or rule that gives it. */
const when = (present: unknown, status: number, description: string): Record<number, string> => (present ? { [status]: description } : {});

export function recordRoutes<Item extends { id: number; dog_id: number }>(ctx: AppContext, routes: Routes, kind: RecordKind<Item>): void {
  ctx.exportSections.push(recordExportSection(kind));
  const tags = [kind.tag];
  const { one, many } = kind.names;
  const refused = { 403: { description: 'Kein Zugriff auf diesen Hund' }, 404: { description: `${one} oder Hund gibt es nicht` } };
  const listPath = `/api/dogs/:dogId/${kind.path}`;
  const itemPath = `/api/${kind.path}/:id`;

  const api = routeGroup(routes, { tags, access: 'user' });
  api.get(listPath, `${many} eines Hundes, neueste zuerst`, {
    params: DogIdParam,
    query: PageQuery,
    responses: { 200: ['Liste', pageSchema(kind.item)], ...refused },
    run: ({ params, query, actor }) => listRecords(ctx, actor, kind, params.dogId, query),
  });
  if (!kind.customCreate) {
    api.post(listPath, `${one} anlegen`, {
      params: DogIdParam,
      authorize: ({ params, actor }) => requireDogAccess(ctx.db, actor, params.dogId, kind.needs.create),
      body: kind.createBody,
      idempotent: kind.idempotentCreate && idempotency(ctx),
      responses: {
        201: ['Angelegt', kind.item],
        ...refused,
        ...when(kind.checkDog, 409, 'Bei diesem Hund nicht möglich'),
        422: kind.maxPerDog === undefined ? 'Text zu lang' : `Text zu lang, oder schon ${kind.maxPerDog} ${many}`,
      },
      run: ({ params, body, actor }) => createRecord(ctx, actor, kind, params.dogId, body as Body),
    });
  }
  api.get(itemPath, `${one} abrufen`, {
    params: IdParam,
    responses: { 200: [one, kind.item], ...refused },
    run: ({ params, actor }) => getRecord(ctx, actor, kind, params.id),
  });
  api.patch(itemPath, `${one} ändern (nur die mitgeschickten Felder)`, {
    params: IdParam,
    authorize: ({ params, actor }) => loadRecord(ctx, actor, kind, params.id, kind.needs.change),
    body: kind.patchBody,
    responses: {
      200: ['Geändert', kind.item],
      ...refused,
      // uniqueBy: a change onto the values of another record (a weight moved onto a day that has one) is a conflict.
      ...when(kind.uniqueBy, 409, `Gibt es schon (gleiche ${kind.uniqueBy?.filter((c) => c !== 'dog_id').join(', ')})`),
      422: 'Text zu lang',
    },
    run: ({ params, body, actor }) => changeRecord(ctx, actor, kind, params.id, body as Body),
  });
  api.delete(itemPath, `${one} löschen`, {
    params: IdParam,
    responses: { 204: 'Gelöscht', ...refused },
    run: ({ params, actor }) => removeRecord(ctx, actor, kind, params.id),
  });
}
