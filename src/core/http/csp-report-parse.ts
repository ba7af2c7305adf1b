/** One violation as we keep it: which rule, what it blocked, on which page (no query strings, ids folded). */
export interface CspViolation {
  directive: string;
  blocked: string;
  page: string;
}

/** At most this many violations of one request are kept: a browser batches a few; more is a flood. */
export const MAX_VIOLATIONS_PER_REQUEST = 20;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * A URL without its query and fragment (they may carry tokens), reduced to a path on our own origin, with numeric
 * and long opaque segments folded to ":id" so /app/hunde/17 and /app/hunde/18 count as one page. Keywords the
 * browsers use instead of a URL ("inline", "eval", "data") stay as they are.
 */
export function foldUrl(raw: string, ownOrigin: string): string {
  if (!raw) return '(leer)';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return raw.slice(0, 60);
  }
  if (url.protocol === 'data:' || url.protocol === 'blob:') return url.protocol.slice(0, -1);
  const path = url.pathname
    .split('/')
    .map((segment) => (/^\d+$/.test(segment) || /^[A-Za-z0-9_-]{20,}$/.test(segment) ? ':id' : segment))
    .join('/');
  const origin = url.origin === ownOrigin ? '' : url.origin;
  return (origin + path).slice(0, 300);
}

/**
 * The violations in a report body, in either format the browsers send:
 * - `report-uri` (application/csp-report): `{ "csp-report": { "effective-directive", "blocked-uri", "document-uri" } }`
 * - Reporting API (application/reports+json): `[{ "type": "csp-violation", "body": { effectiveDirective, blockedURL, documentURL } }]`
 * Anything else yields no violation (a stray post is not an error worth a 400 to a browser).
 */
export function parseCspReports(body: unknown, ownOrigin: string): CspViolation[] {
  const raw: { directive: string; blocked: string; page: string }[] = [];
  if (Array.isArray(body)) {
    for (const report of body.slice(0, MAX_VIOLATIONS_PER_REQUEST)) {
      if (!report || typeof report !== 'object' || report.type !== 'csp-violation' || !report.body || typeof report.body !== 'object') continue;
      const b = report.body as Record<string, unknown>;
      raw.push({ directive: text(b.effectiveDirective), blocked: text(b.blockedURL), page: text(b.documentURL) || text(report.url) });
    }
  } else if (body && typeof body === 'object' && 'csp-report' in body) {
    const r = (body as Record<string, unknown>)['csp-report'];
    if (r && typeof r === 'object') {
      const b = r as Record<string, unknown>;
      raw.push({ directive: text(b['effective-directive']) || text(b['violated-directive']), blocked: text(b['blocked-uri']), page: text(b['document-uri']) });
    }
  }
  return raw
    .filter((v) => v.directive)
    .map((v) => ({
      directive: v.directive.split(' ')[0]!.slice(0, 60),
      blocked: foldUrl(v.blocked, ownOrigin),
      page: foldUrl(v.page, ownOrigin),
    }));
}
