import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { UpstreamError, upstreamRequest } from '#core/upstream/http-client.js';
import { isUpstreamOutage, outageFields } from '#core/upstream/outage.js';

/** One alert as the app shows it. */
export interface FoodAlert {
  title: string;
  product: string | null;
  reason: string | null;
  published_at: string;
  url: string | null;
}

// Every field optional (upstreams.md §5.1); docs with or without the `response` wrapper.
const Doc = z.object({
  title: z.string().optional(),
  warning: z.string().optional(),
  link: z.string().optional(),
  publishedDate: z.number().optional(),
  product: z.object({ designation: z.string().optional(), category: z.string().optional(), shortDescription: z.string().optional() }).partial().optional(),
});
const Feed = z.union([z.object({ response: z.object({ docs: z.array(z.unknown()) }) }), z.object({ docs: z.array(z.unknown()) })]);

/** Pet-food relevance (upstreams.md §5.2): case-insensitive over title, reason and product fields. */
const PET_TERMS = [
  'hund',
  'katze',
  'tier',
  'heimtier',
  'tiernahrung',
  'tierfutter',
  'futter',
  'kausnack',
  'kauartikel',
  'leckerli',
  'hundesnack',
  'katzenfutter',
];

export function isPetRelated(doc: z.infer<typeof Doc>): boolean {
  const text = [doc.title, doc.warning, doc.product?.designation, doc.product?.category, doc.product?.shortDescription].filter(Boolean).join(' ').toLowerCase();
  return PET_TERMS.some((term) => text.includes(term));
}

export type FeedResult = { kind: 'ok'; alerts: FoodAlert[] } | { kind: 'gone' } | { kind: 'failed' };

/** The feed's answers the spec calls "no alerts": 404, 410, 503 (logged as warnings by the caller). */
const EMPTY_STATUSES = new Set([404, 410, 503]);
const DAY = 86_400_000;

/** Asks the feed for the last 90 days of food warnings and keeps the pet-related ones. Never throws. */
export async function fetchFoodAlerts(ctx: AppContext): Promise<FeedResult> {
  const since = ctx.clock.now().getTime() - 90 * DAY;
  try {
    const res = await upstreamRequest(ctx, {
      upstream: 'food-alerts',
      url: `${ctx.config.upstream.foodAlertsUrl.replace(/\/+$/, '')}/warnings/merged`,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: ctx.config.upstream.foodAlertsAuth },
      body: JSON.stringify({ food: { rows: 200, start: 0, sort: 'publishedDate desc, title asc', fq: [`publishedDate > ${since}`] } }),
      timeoutMs: ctx.config.upstream.foodAlertsTimeoutMs,
    });
    const parsed = Feed.safeParse(JSON.parse(res.body.toString('utf8')));
    if (!parsed.success) throw new Error('unexpected shape');
    const docs = 'response' in parsed.data ? parsed.data.response.docs : parsed.data.docs;
    const alerts = docs
      .map((d) => Doc.safeParse(d))
      .filter((r) => r.success && isPetRelated(r.data))
      .map(({ data }) => ({
        title: data!.title ?? 'Warnung',
        product: data!.product?.designation ?? null,
        reason: data!.warning ?? null,
        published_at: new Date(data!.publishedDate ?? 0).toISOString(),
        url: data!.link && /^https:\/\//.test(data!.link) ? data!.link : null,
      }));
    return { kind: 'ok', alerts };
  } catch (err) {
    if (err instanceof UpstreamError && err.kind === 'status' && err.status !== undefined && EMPTY_STATUSES.has(err.status)) {
      ctx.log.warn({ upstream: 'food-alerts', status: err.status }, 'food-alert feed unavailable: empty list');
      return { kind: 'gone' };
    }
    // An outage passes by itself (warn); an answer we cannot read means the feed changed: someone must look (error).
    if (isUpstreamOutage(err)) ctx.log.warn(outageFields(err), 'food-alert feed unavailable');
    else ctx.log.error({ upstream: 'food-alerts', err: err instanceof Error ? err.message : String(err) }, 'food-alert feed failed');
    return { kind: 'failed' };
  }
}
