import { z } from 'zod';
import { badRequest } from './errors.js';

/** Query part shared by every list: `limit` (default 50, max 200) and an opaque `cursor`. */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(500).optional(),
});

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), next_cursor: z.string().nullable() });

export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function decodeCursor<T extends z.ZodType>(cursor: string | undefined, schema: T): z.infer<T> | undefined {
  if (!cursor) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through to the German error below
  }
  throw badRequest('Ungültiger Cursor.', { cursor: 'Ungültiger Cursor.' });
}

/** Given limit+1 rows, returns the page and the cursor for the next one. */
export function toPage<Row, Out>(rows: Row[], limit: number, cursorOf: (row: Row) => unknown, map: (row: Row) => Out) {
  const more = rows.length > limit;
  const pageRows = more ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return {
    items: pageRows.map(map),
    next_cursor: more && last !== undefined ? encodeCursor(cursorOf(last)) : null,
  };
}
