import type { PlanPrices } from '../../../api/types.js';
import { formatMoney } from '../../../core/format.js';
import { Load, useResource } from '../../../ui/states.js';
import { tx } from './texts.js';

const cx = tx.plan.compare;
const TIERS = ['free', 'pro', 'breeder'] as const;

/** What each plan includes (decisions: the AI split, the routing quota, the breeder area), with the operator's prices. */
export function PlanComparison({ currentTier }: { currentTier: string }) {
  const [prices, reload] = useResource<PlanPrices>('/api/plans/prices');
  return (
    <section class="card" aria-labelledby="compare-title">
      <h2 id="compare-title">{cx.title}</h2>
      <Load resource={prices} onRetry={reload}>
        {(p) => {
          const price = { free: cx.free, pro: cx.perYear(formatMoney(p.pro_cents_year)), breeder: cx.perYear(formatMoney(p.breeder_cents_year)) };
          return (
            <div class="table-scroll">
              <table class="plan-compare">
                <caption class="visually-hidden">{cx.title}</caption>
                <thead>
                  <tr>
                    <td />
                    {TIERS.map((tier) => (
                      <th
                        key={tier}
                        scope="col"
                        aria-current={tier === currentTier || (tier === 'breeder' && currentTier === 'breeder_test') ? 'true' : undefined}
                      >
                        {tx.plan.tiers[tier]}
                        {(tier === currentTier || (tier === 'breeder' && currentTier === 'breeder_test')) && <span class="tag">{cx.yours}</span>}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <th scope="row">{cx.price}</th>
                    {TIERS.map((tier) => (
                      <td key={tier}>{price[tier]}</td>
                    ))}
                  </tr>
                  {cx.rows
                    .filter((row) => !row.needs || p.features[row.needs])
                    .map((row) => (
                      <tr key={row.label}>
                        <th scope="row">{row.label}</th>
                        {TIERS.map((tier) => (
                          <td key={tier}>{row[tier]}</td>
                        ))}
                      </tr>
                    ))}
                </tbody>
              </table>
              <p class="muted small">{p.small_business ? cx.noVat : cx.withVat}</p>
            </div>
          );
        }}
      </Load>
    </section>
  );
}
