import type { ExportSection } from '#core/export/index.js';
import { idBatches } from '#core/id-batches.js';
import { postsOfUser } from './forum.repo.js';

/** The forum posts the user wrote, with their threads' titles, as `daten/forum.json` (the data export). */
export const forumExport: ExportSection = async (ctx, actor, out) => {
  const posts: Awaited<ReturnType<typeof postsOfUser>> = [];
  for await (const rows of idBatches((after, size) => postsOfUser(ctx.db, actor.id, after, size), 1000)) posts.push(...rows);
  if (posts.length) out.json('daten', 'forum.json', posts);
};
