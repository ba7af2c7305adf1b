import type { Generated } from 'kysely';

export interface HelpArticlesTable {
  id: Generated<number>;
  category: string;
  title: string;
  body: string;
  active: Generated<number>;
  position: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** Starter articles loaded once each (features/help/starter-articles.ts). */
export interface HelpStarterKeysTable {
  key: string;
  loaded_at: string;
}

export interface HelpTables {
  help_articles: HelpArticlesTable;
  help_starter_keys: HelpStarterKeysTable;
}
