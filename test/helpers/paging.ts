import type request from 'supertest';

export interface Page<Item> {
  items: Item[];
  next_cursor: string | null;
  [more: string]: unknown;
}

/**
 * Every page of a cursor-paged list, first to last: GET `url` (a query such as `?limit=25` may be in it), then
 * again with each `next_cursor` until there is none. Each page must answer 200.
 */
export async function allPages<Item>(client: { get(url: string): request.Test }, url: string): Promise<Page<Item>[]> {
  const pages: Page<Item>[] = [];
  let cursor: string | null = null;
  do {
    const next = cursor ? `${url}${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : url;
    const page = (await client.get(next).expect(200)).body as Page<Item>;
    pages.push(page);
    cursor = page.next_cursor;
  } while (cursor);
  return pages;
}
