import { type Compilable, type CompiledQuery, createQueryId, type Kysely, type RootOperationNode } from 'kysely';
import type { Database } from './schema.js';

/**
 * A read whose SQL text is the same on every call, built and compiled once per database (issue 34). Kysely builds
 * the operation tree, runs the plugins and compiles SQL anew for every query — 5–50 µs each (bench/kysely-compile.mjs),
 * a tenth of a hot route's CPU. Kysely has no placeholders, so the query is built once with stand-ins for its
 * parameters; each call puts its values where the stand-ins ended up in the compiled parameter list.
 *
 * Only for builders whose shape does not depend on their parameters: a stand-in may be used only as a value (in a
 * where, a limit), never to decide what the query looks like (no `if`, no arithmetic, no `in` list). The first
 * call checks this as far as it can: it compiles with the real values too and refuses when the SQL differs or a
 * stand-in went missing. Reads only: the write-watch plugin must see every write (write-watch.ts).
 */

/** What a builder gets in place of each parameter; Kysely treats it as a plain value. */
class StandIn {
  constructor(readonly index: number) {}
}

interface Compiled {
  sql: string;
  query: RootOperationNode;
  /** For each compiled parameter: the call's parameter index, or a constant the builder wrote itself. */
  slots: (number | { value: unknown })[];
}

type Db = Kysely<Database>;

/** The adapters of databases opened with COMPILED_ONCE=false (a transaction shares its database's adapter). */
const eachTime = new WeakSet<object>();

/** COMPILED_ONCE=false (openDb): this database's compiledOnce reads are built and compiled per call, as plain Kysely does. */
export function compileEachTime(db: Db): void {
  eachTime.add(db.getExecutor().adapter);
}

export function compiledOnce<P extends unknown[], O>(build: (db: Db, ...params: P) => Compilable<O>): (db: Db, ...params: P) => Promise<O[]> {
  // Per dialect adapter: SQLite and PostgreSQL compile differently, and a transaction shares its database's adapter.
  const cache = new WeakMap<object, Compiled>();
  return async (db, ...params) => {
    const adapter = db.getExecutor().adapter;
    if (eachTime.has(adapter)) return (await db.executeQuery(build(db, ...params))).rows;
    let compiled = cache.get(adapter);
    if (!compiled) {
      compiled = compileWithStandIns(db, build, params);
      cache.set(adapter, compiled);
    }
    const parameters = compiled.slots.map((slot) => (typeof slot === 'number' ? params[slot] : slot.value));
    const query: CompiledQuery<O> = { sql: compiled.sql, parameters, query: compiled.query, queryId: createQueryId() };
    return (await db.executeQuery(query)).rows;
  };
}

function compileWithStandIns<P extends unknown[], O>(db: Db, build: (db: Db, ...params: P) => Compilable<O>, params: P): Compiled {
  const standIns = params.map((_, i) => new StandIn(i)) as P;
  const withStandIns = build(db, ...standIns).compile();
  const withValues = build(db, ...params).compile();
  if (withStandIns.query.kind !== 'SelectQueryNode') throw new Error('compiledOnce: only for reads (select)');
  if (withStandIns.sql !== withValues.sql)
    throw new Error(`compiledOnce: the query's shape depends on its parameters:\n${withStandIns.sql}\n${withValues.sql}`);
  const slots = withStandIns.parameters.map((p) => (p instanceof StandIn ? p.index : { value: p }));
  const used = new Set(slots.filter((s) => typeof s === 'number'));
  if (used.size !== params.length) throw new Error('compiledOnce: a parameter does not reach the query as a value');
  return { sql: withStandIns.sql, query: withStandIns.query, slots };
}
