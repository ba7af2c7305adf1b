import type { ExportSection } from '../../../core/export/index.js';
import { postsOfUser } from './forum.repo.js';

/** The forum posts the user wrote, with their threads' titles, as `daten/forum.json` (the data export). */
export const forumExport: ExportSection = async (ctx, actor, out) => {
  const posts: Awaited<ReturnType<typeof postsOfUser>> = [];
  for (let after = 0; ;) {
    const rows = await postsOfUser(ctx.db, actor.id, after, 1000);
    posts.push(...rows);
    if (rows.length < 1000) break;
    after = rows.at(-1)!.id;
  }
  if (posts.length) out.json('daten/forum.json', posts);
};
