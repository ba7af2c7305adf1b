import { apiGet } from '../../../core/api.js';
import { Load, useResource } from '../../../ui/states.js';
import { accountsTexts } from './texts.js';

const compareTexts = accountsTexts.plan.compare;

/** breeder_test is a trial of the Züchter plan: its card is the one marked as yours. */
const isYours = (tier: string, currentTier: string) => tier === currentTier || (tier === 'breeder' && currentTier === 'breeder_test');

/**
 * The plans side by side as one card each (a three-column table left the Züchter column off-screen at 390 px). The
 * rows and prices come from GET /api/plans, the same value /tarife renders: only what this installation has.
 */
export function PlanComparison({ currentTier }: { currentTier: string }) {
  const [comparison, reload] = useResource(apiGet('/api/plans'));
  return (
    <section class="card" aria-labelledby="compare-title">
      <h2 id="compare-title">{compareTexts.title}</h2>
      <Load resource={comparison} onRetry={reload}>
        {(c) => (
          <>
            <ul class="plan-cards">
              {c.plans.map((plan) => (
                <li key={plan.tier} class="plan-card" data-tier={plan.tier} aria-current={isYours(plan.tier, currentTier) ? 'true' : undefined}>
                  <h3>
                    {plan.name}
                    {isYours(plan.tier, currentTier) && <span class="tag">{compareTexts.yours}</span>}
                  </h3>
                  <p class="plan-price">{plan.price}</p>
                  <dl class="plan-rows">
                    {c.rows.map((row) => (
                      <div key={row.label} class={row.differs ? 'plan-differs' : undefined}>
                        <dt>{row.label}</dt>
                        <dd>{row[plan.tier]}</dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ul>
            <p class="muted small">
              {c.vat_note} <a href="/tarife">{compareTexts.publicLink}</a>
            </p>
          </>
        )}
      </Load>
    </section>
  );
}
