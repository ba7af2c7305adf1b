// The modules bench/friends-scale.mjs needs, loaded through one tsImport: each tsImport call has its own copy of
// kysely, and the engine checks (`instanceof PostgresAdapter`) only hold within one copy.
export { sql } from 'kysely';
export { openDb } from '#core/db/index.js';
export { migrateToLatest } from '#platform/db/migrate.js';
export { friendsOf } from '../src/features/community/friends/friends.repo.js';
export { conversationHeads } from '../src/features/community/messages/messages.repo.js';
