import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryId, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

export type WriteListener = (tables: ReadonlySet<string> | 'unknown') => void;

function collectTables(node: unknown, into: Set<string>): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) collectTables(child, into);
    return;
  }
  const record = node as Record<string, unknown>;
  if (record.kind === 'TableNode') {
    const table = record.table as { identifier?: { name?: unknown } } | undefined;
    if (typeof table?.identifier?.name === 'string') into.add(table.identifier.name);
  }
  for (const value of Object.values(record)) if (value && typeof value === 'object') collectTables(value, into);
}

/**
 * Tells listeners which tables a query writes (insert, update, delete, merge; raw SQL counts as "unknown"):
 * when the write starts, when it has run (for a statement outside a transaction: after its commit), and — through
 * the drivers calling `committed()` — after every transaction commit. Reads pass straight through. The session
 * cache uses it so that no lookup running beside a write can keep the old row.
 */
export class WriteWatchPlugin implements KyselyPlugin {
  readonly #listeners = new Set<WriteListener>();
  readonly #writes = new WeakMap<QueryId, ReadonlySet<string> | 'unknown'>();

  onWrite(listener: WriteListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  committed(): void {
    this.#notify('unknown');
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    if (node.kind !== 'SelectQueryNode' && this.#listeners.size > 0) {
      let tables: ReadonlySet<string> | 'unknown' = 'unknown';
      if (node.kind !== 'RawNode') {
        const found = new Set<string>();
        collectTables(node, found);
        tables = found;
      }
      this.#writes.set(args.queryId, tables);
      this.#notify(tables);
    }
    return node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const tables = this.#writes.get(args.queryId);
    if (tables) this.#notify(tables);
    return args.result;
  }

  #notify(tables: ReadonlySet<string> | 'unknown'): void {
    for (const listener of this.#listeners) listener(tables);
  }
}
