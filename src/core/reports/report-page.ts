import { byId, keysetPage, type Page, type PageQuery } from '../http/route/pagination.js';
import { openReports, type OpenReport } from './content-reports.repo.js';

/**
 * One page of a moderation queue: the open reports of the kinds, oldest first, through keysetPage; `build` turns the
 * page's reports into the queue's items. A report whose row is gone may be dropped by `build`: the page is then
 * shorter, but the cursor stands on the last report read, so nothing is skipped.
 */
export async function openReportPage<Item>(
  db: Parameters<typeof openReports>[0],
  kinds: readonly string[],
  query: PageQuery,
  build: (reports: OpenReport[]) => Promise<Item[]>,
): Promise<Page<Item>> {
  const page = await keysetPage(query, byId<OpenReport>(), (take, after) => openReports(db, { kinds, limit: take, afterId: after?.id }));
  return { items: await build(page.items), next_cursor: page.next_cursor };
}
