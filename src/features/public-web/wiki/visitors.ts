import type { Request } from 'express';

/**
 * Who is asking, for the breed wiki's abuse rules (docs/operations.md, "Crawlers and scrapers").
 *
 * Search engines that honour robots.txt get a larger allowance on the server-rendered breed pages. A User-Agent
 * can be forged, so the allowance stays bounded per address, and "honours robots.txt" is enforced rather than
 * believed: the honeypot is forbidden in robots.txt, and any address that fetches it is blocked, crawler name or not.
 */
const SEARCH_CRAWLERS = /\b(Googlebot|bingbot|DuckDuckBot|Applebot|YandexBot|Qwantbot|Ecosia ?bot|Slurp|Baiduspider|SeznamBot|Mojeek ?Bot)\b/i;

export const isSearchCrawler = (req: Request): boolean => SEARCH_CRAWLERS.test(req.get('user-agent') ?? '');

// Tools and libraries, never a person's browser.
const TOOL_AGENTS =
  /(curl|wget|python|httpx|aiohttp|scrapy|go-http|okhttp|java\/|node-fetch|undici|axios|libwww|headless|phantom|puppeteer|playwright|selenium)/i;

/**
 * A browser that another site sent here (an <img> or link planted elsewhere), which must not cost the visitor
 * access to the app. Sec-Fetch-Site alone is one header a bot can add; a browser also sends the request's mode and
 * destination, a browser User-Agent and an Accept header, and its Referer (when any) is not this site.
 */
export function isGenuineCrossSiteFetch(req: Request, ownOrigin: string): boolean {
  if (req.get('sec-fetch-site') !== 'cross-site') return false;
  const mode = req.get('sec-fetch-mode');
  if (mode !== 'navigate' && mode !== 'no-cors') return false;
  if (!req.get('sec-fetch-dest')) return false;
  const agent = req.get('user-agent') ?? '';
  if (!agent.startsWith('Mozilla/5.0') || TOOL_AGENTS.test(agent)) return false;
  if (!req.get('accept')) return false;
  return !isFromOrigin(req.get('referer'), ownOrigin);
}

function isFromOrigin(url: string | undefined, origin: string): boolean {
  if (!url) return false;
  try {
    return new URL(url).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}
