import { z } from 'zod';
import { badRequest } from './errors.js';

/** Query part shared by every list: `limit` (default 50, max 200) and an opaque `cursor`. Lists with filters extend it. */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(500).optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const pageSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), next_cursor: z.string().nullable() });

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

/** How a list's rows map to their cursor, and the schema that checks a cursor coming back from a client. */
export interface CursorRule<C, Row> {
  schema: z.ZodType<C>;
  of(row: Row): C;
}

const IdCursor = z.object({ id: z.number().int() });
/** The cursor of lists ordered by id alone (newest or oldest first). */
export const byId = <Row extends { id: number }>(): CursorRule<{ id: number }, Row> => ({ schema: IdCursor, of: (row) => ({ id: row.id }) });

function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodeCursor<C>(cursor: string | undefined, schema: z.ZodType<C>): C | undefined {
  if (!cursor) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through to the German error below
  }
  throw badRequest('Ungültiger Cursor.', { cursor: 'Ungültiger Cursor.' });
}

/**
 * One keyset page. `fetch(take, after)` returns at most `take` rows after the decoded cursor in list order;
 * asking for one row more than the page holds tells whether a next page exists (the "+1" rule lives only here).
 */
export async function keysetPage<C, Row, Out = Row>(
  query: { limit: number; cursor?: string | undefined },
  cursor: CursorRule<C, Row>,
  fetch: (take: number, after: C | undefined) => Promise<Row[]>,
  map: (row: Row) => Out = (row) => row as unknown as Out,
): Promise<Page<Out>> {
  const rows = await fetch(query.limit + 1, decodeCursor(query.cursor, cursor.schema));
  const more = rows.length > query.limit;
  const pageRows = more ? rows.slice(0, query.limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return { items: pageRows.map(map), next_cursor: more && last !== undefined ? encodeCursor(cursor.of(last)) : null };
}
