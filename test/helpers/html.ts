/** Reading server-rendered pages in tests: the social-preview tags and the schema.org JSON-LD. */

/**
 * The page's meta tags by kind: `property` holds `<meta property="og:title" content="…">`, `name` holds
 * `<meta name="description" content="…">` (contents as written, still escaped). Compare with `toMatchObject`.
 */
export function metaTags(html: string): { property: Record<string, string>; name: Record<string, string> } {
  const tags = { property: {} as Record<string, string>, name: {} as Record<string, string> };
  for (const [, attr, key, content] of html.matchAll(/<meta (property|name)="([^"]*)" content="([^"]*)">/g)) {
    tags[attr as 'property' | 'name'][key!] = content!;
  }
  return tags;
}

/** The page's first JSON-LD block, parsed; throws when the page has none. */
export function jsonLdOf<T = unknown>(html: string): T {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no JSON-LD');
  return JSON.parse(match[1]) as T;
}
