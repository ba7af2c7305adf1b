import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type Pg from 'pg';
import { RecencyMap } from '#core/recency-map.js';

/**
 * Named prepared statements on PostgreSQL (issue 34): Kysely sends every query as an unnamed statement, so
 * PostgreSQL parses, analyses and plans the same few hundred SQL texts again on every request. This pool wrapper
 * sends each repeated statement as `client.query({ name, text, values })` with a name derived from its text, so a
 * connection parses it once and later only binds and executes it.
 *
 * What a connection keeps is bounded: at most `size` statements, least recently used out first (DEALLOCATE at the
 * connection's next idle moment). Only statements with 1–100 parameters are named: those already use the extended
 * protocol (a parameterless raw text may hold several statements, which a prepared statement cannot), and a bulk
 * insert with hundreds of values is a one-off.
 *
 * Schema changes: after DDL on any connection of the pool (migrations, a test recreating its schema), every
 * connection drops all its statements at its next idle moment and runs unnamed until then. A change made elsewhere
 * (another instance's migration) can still make a statement fail with `cached plan must not change result type`
 * (0A000) or find it gone (26000): outside a transaction the statement is forgotten and retried once; inside one,
 * the transaction has failed already, so the error is passed on and the statement forgotten for the next time.
 */

/** Statements a connection keeps at most (× pool size per process). */
export const PREPARED_PER_CONNECTION = 200;
const MAX_PARAMETERS = 100;
/** The statements worth naming: Kysely's DML. */
const DML = /^\s*(select|insert|update|delete|with)\b/i;
/** Statements that leave the schema alone; anything else (create, alter, drop, …) counts as a schema change. */
const NOT_DDL =
  /^\s*(select|insert|update|delete|with|begin|start|commit|end|rollback|savepoint|release|set|show|lock|values|explain|analyze|vacuum|listen|notify)\b/i;
/** cached plan must not change result type; prepared statement does not exist. */
const RETRY_CODES = new Set(['0A000', '26000']);

/** pg's own record of what a connection has parsed: it skips Parse for a name it has seen, so forgetting must clear it. */
interface PgClientInternals {
  connection?: { parsedStatements?: Record<string, string> };
  getTransactionStatus?: () => string | null;
}

type QueryResult = Pg.QueryResult;

/** Counters for tests and the bench. */
export interface PreparedStats {
  /** Parse + name: a statement prepared on a connection. */
  prepared: number;
  /** Names deallocated (evicted, stale, or after a schema change). */
  deallocated: number;
  /** Statements retried after 0A000 / 26000. */
  retried: number;
}

export function statementName(sql: string): string {
  return `pf_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
}

class PreparingClient implements PostgresPoolClient {
  /** SQL text -> statement name; the least recently used falls out (recency-map.ts). */
  readonly #names = new RecencyMap<string, string>();
  /** Names the server still holds but this connection no longer uses: deallocated at the next idle moment. */
  readonly #stale = new Set<string>();
  #generation: number;

  constructor(
    private readonly client: Pg.PoolClient,
    private readonly parsed: Record<string, string>,
    private readonly pool: PreparingPool,
  ) {
    this.#generation = pool.schemaGeneration;
  }

  /** How many statements this connection keeps named (for tests). */
  get size(): number {
    return this.#names.size;
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(sqlOrCursor: string | PostgresCursor<R>, parameters?: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') return (this.client as unknown as PostgresPoolClient).query(sqlOrCursor);
    return this.#run(sqlOrCursor, parameters ?? [], true) as unknown as Promise<PostgresQueryResult<R>>;
  }

  release(): void {
    this.client.release();
  }

  #idle(): boolean {
    return (this.client as unknown as PgClientInternals).getTransactionStatus?.() === 'I';
  }

  async #run(sql: string, parameters: ReadonlyArray<unknown>, mayRetry: boolean): Promise<QueryResult> {
    const values = parameters as unknown[];
    if ((this.#generation !== this.pool.schemaGeneration || this.#stale.size > 0) && this.#idle()) await this.#cleanUp();
    if (!DML.test(sql)) {
      if (!NOT_DDL.test(sql)) this.pool.schemaGeneration++;
      return this.client.query(sql, values);
    }
    if (parameters.length === 0 || parameters.length > MAX_PARAMETERS || this.#generation !== this.pool.schemaGeneration) {
      return this.client.query(sql, values);
    }
    let name = this.#names.get(sql);
    if (name === undefined) {
      name = statementName(sql);
      // Not deallocated yet (the connection was busy in a transaction): unnamed until it is.
      if (this.#stale.has(name)) return this.client.query(sql, values);
      this.#names.set(sql, name);
      this.#evict();
      // Deallocate what fell out now, so the server never holds more than `size` at an idle moment.
      if (this.#stale.size > 0 && this.#idle()) {
        await this.#cleanUp();
        // A failed DEALLOCATE starts the connection over: keep this statement counted.
        if (!this.#names.has(sql)) this.#names.set(sql, name);
      }
    }
    const fresh = this.parsed[name] === undefined;
    try {
      const result = await this.client.query({ name, text: sql, values });
      if (fresh) this.pool.stats.prepared++;
      return result;
    } catch (error) {
      if (this.parsed[name] === undefined) {
        // Parse itself failed (or the statement never existed): nothing to deallocate.
        this.#names.delete(sql);
      } else if (fresh) {
        this.pool.stats.prepared++;
      }
      const code = (error as { code?: unknown }).code;
      if (typeof code !== 'string' || !RETRY_CODES.has(code)) throw error;
      this.#forget(sql, name, code === '0A000');
      if (!mayRetry || !this.#idle()) throw error;
      await this.#cleanUp();
      this.pool.stats.retried++;
      return this.#run(sql, parameters, false);
    }
  }

  #evict(): void {
    while (this.#names.size > this.pool.size) {
      const [, name] = this.#names.evict() as [string, string];
      if (this.parsed[name] !== undefined) this.#stale.add(name);
    }
  }

  /** Drops a statement that failed: the server still holds it after 0A000, not after 26000. */
  #forget(sql: string, name: string, onServer: boolean): void {
    this.#names.delete(sql);
    if (onServer) this.#stale.add(name);
    else delete this.parsed[name];
  }

  /** At an idle moment: deallocates stale names, or everything after a schema change. */
  async #cleanUp(): Promise<void> {
    if (this.#generation !== this.pool.schemaGeneration) {
      await this.#deallocateAll();
      this.#generation = this.pool.schemaGeneration;
      return;
    }
    const names = [...this.#stale];
    try {
      // One round trip for all of them (simple protocol: several statements in one text).
      await this.client.query(names.map((n) => `deallocate "${n}"`).join('; '));
      for (const n of names) {
        delete this.parsed[n];
        this.#stale.delete(n);
      }
      this.pool.stats.deallocated += names.length;
    } catch {
      // One of them was gone already (someone ran DISCARD ALL): start over on this connection.
      await this.#deallocateAll();
    }
  }

  async #deallocateAll(): Promise<void> {
    await this.client.query('deallocate all');
    this.pool.stats.deallocated += Object.keys(this.parsed).length;
    for (const n of Object.keys(this.parsed)) delete this.parsed[n];
    this.#names.clear();
    this.#stale.clear();
  }
}

/** The pool Kysely's PostgresDialect gets: hands out each pg client wrapped once, with its own statements. */
export class PreparingPool implements PostgresPool {
  readonly #clients = new WeakMap<Pg.PoolClient, PostgresPoolClient>();
  /** Raised by every DDL statement through this pool: each connection then starts its statements over. */
  schemaGeneration = 0;
  readonly stats: PreparedStats = { prepared: 0, deallocated: 0, retried: 0 };

  constructor(
    readonly pool: Pg.Pool,
    readonly size = PREPARED_PER_CONNECTION,
  ) {}

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.pool.connect();
    let wrapped = this.#clients.get(client);
    if (!wrapped) {
      const internals = client as unknown as PgClientInternals;
      const parsed = internals.connection?.parsedStatements;
      // A pg version without these internals gets the client as it is (unnamed statements, as before).
      wrapped =
        parsed && typeof internals.getTransactionStatus === 'function' ? new PreparingClient(client, parsed, this) : (client as unknown as PostgresPoolClient);
      this.#clients.set(client, wrapped);
    }
    return wrapped;
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}
