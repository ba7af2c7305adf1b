/** Reading server-rendered pages in tests: the social-preview tags and the schema.org JSON-LD. */

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The content of `<meta property="og:title" …>` (attr 'property') or `<meta name="description" …>` (attr 'name'). */
export function metaContent(html: string, attr: 'property' | 'name', key: string): string | undefined {
  return new RegExp(`<meta ${attr}="${escapeRegExp(key)}" content="([^"]*)">`).exec(html)?.[1];
}

/** The page's first JSON-LD block, parsed; throws when the page has none. */
export function jsonLdOf<T = unknown>(html: string): T {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no JSON-LD');
  return JSON.parse(match[1]) as T;
}
