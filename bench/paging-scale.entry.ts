// The modules bench/paging-scale.mjs needs, loaded through one tsImport (one copy of kysely, see friends-scale.entry.ts).
export { sql } from 'kysely';
export { openDb } from '#core/db/index.js';
export { migrateToLatest } from '#platform/db/migrate.js';
export { friendsOf } from '../src/features/community/friends/friends.repo.js';
export { conversationHeads, messagesByIds, unreadFromFriends } from '../src/features/community/messages/messages.repo.js';
