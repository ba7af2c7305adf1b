import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { PLAN_NAMES, PLAN_ROWS, type PlanFeature, type PlanTier } from '#shared/plans.js';
import { operatorSettings } from './operator.service.js';

/**
 * THE plan comparison (decisions, "What users tripped over (wave 4)"): the rows of src/shared/plans.ts, cut to what
 * this installation has (a row that needs AI or route planning vanishes where it is not configured), with the
 * operator's prices. GET /api/plans answers it for the app and /tarife renders the same value, so the two never differ.
 */

const TIERS: readonly PlanTier[] = ['free', 'pro', 'breeder'];

const Tier = z.enum(['free', 'pro', 'breeder']);

export const PlanComparison = z
  .object({
    plans: z.array(
      z.object({
        tier: Tier,
        name: z.string(),
        price_cents_year: z.number().int().meta({ description: '0 für Free' }),
        price: z.string().meta({ description: 'Der Preis als Text, z. B. „29,99 € im Jahr“' }),
      }),
    ),
    rows: z.array(
      z.object({
        label: z.string(),
        free: z.string(),
        pro: z.string(),
        breeder: z.string(),
        differs: z.boolean().meta({ description: 'Free und Pro unterscheiden sich in dieser Zeile' }),
      }),
    ),
    vat_note: z.string(),
    features: z
      .object({ ai: z.boolean(), routing: z.boolean() })
      .meta({ description: 'Was diese Installation anbietet (KI: AI_BASE_URL, Routenplanung: ROUTING_API_KEY); nur das steht im Vergleich' }),
  })
  .meta({ id: 'PlanComparison' });
export type PlanComparison = z.infer<typeof PlanComparison>;

const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

export function installFeatures(ctx: AppContext): Record<PlanFeature, boolean> {
  const { aiBaseUrl, routingApiKey } = ctx.config.upstream;
  return { ai: Boolean(aiBaseUrl), routing: Boolean(routingApiKey) };
}

export async function planComparison(ctx: AppContext): Promise<PlanComparison> {
  const s = await operatorSettings(ctx);
  const features = installFeatures(ctx);
  const cents: Record<PlanTier, number> = { free: 0, pro: s.price_pro_cents_year, breeder: s.price_breeder_cents_year };
  return {
    plans: TIERS.map((tier) => ({
      tier,
      name: PLAN_NAMES[tier],
      price_cents_year: cents[tier],
      price: cents[tier] === 0 ? 'kostenlos' : `${euro.format(cents[tier] / 100)} im Jahr`,
    })),
    rows: PLAN_ROWS.filter((row) => !row.needs || features[row.needs]).map((row) => ({
      label: row.label,
      free: row.free,
      pro: row.pro,
      breeder: row.breeder,
      differs: row.free !== row.pro,
    })),
    vat_note: s.small_business === 1 ? 'Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.' : 'Preise inklusive Umsatzsteuer.',
    features,
  };
}
