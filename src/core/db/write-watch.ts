import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

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
 * Tells listeners which tables a query is about to write (insert, update, delete, merge; raw SQL counts as
 * "unknown"). Reads pass straight through. The session cache uses it to drop cached users the moment this process
 * writes `users` or `revoked_tokens`.
 */
export class WriteWatchPlugin implements KyselyPlugin {
  readonly #listeners = new Set<WriteListener>();

  onWrite(listener: WriteListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
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
      for (const listener of this.#listeners) listener(tables);
    }
    return node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
