import type { BodyOf } from '../../../core/api.js';
import { useState } from 'preact/hooks';
import { api, apiGet } from '../../../core/api.js';
import { formatDay } from '../../../core/format.js';
import { session } from '../../../core/session.js';
import { useStore } from '../../../core/store.js';
import { t } from '../../../core/texts.js';
import { Badges } from '../../../ui/badges.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { Load, useResource } from '../../../ui/states.js';
import { PlanComparison } from './plan-comparison.js';
import { accountsTexts } from './texts.js';

const REQUESTABLE = ['pro', 'breeder'];

function UpgradeForm({ currentTier, onSent }: { currentTier: string; onSent: () => void }) {
  const options = REQUESTABLE.filter((tier) => tier !== currentTier).map((tier) => ({ value: tier, label: accountsTexts.plan.tiers[tier] ?? tier }));
  const form = useForm({ tier: options[0]?.value ?? 'pro', message: '' }, { rules: { message: { maxLength: 2000 } } });
  const submit = form.onSubmit(async (values) => {
    await api.POST('/api/upgrade-requests', {
      body: { tier: values.tier as BodyOf<'/api/upgrade-requests', 'post'>['tier'], ...(values.message.trim() ? { message: values.message.trim() } : {}) },
    });
    form.setValues({ tier: values.tier, message: '' });
    onSent();
  });
  return (
    <form class="form" ref={form.formRef} onSubmit={submit} noValidate>
      <FormSummary message={form.summary} />
      <Field form={form} name="tier" label={accountsTexts.plan.tier} options={options} />
      <Field form={form} name="message" label={accountsTexts.plan.message} multiline rows={3} maxLength={2000} />
      <SubmitButton busy={form.busy} offline={form.offline}>
        {accountsTexts.plan.submit}
      </SubmitButton>
    </form>
  );
}

function UpgradeRequests({ currentTier }: { currentTier: string }) {
  const [resource, reload] = useResource(apiGet('/api/upgrade-requests'));
  const [note, setNote] = useState<string | null>(null);
  const withdraw = async (id: number) => {
    setNote(null);
    try {
      await api.DELETE('/api/upgrade-requests/{id}', { params: { path: { id } } });
      setNote(accountsTexts.plan.withdrawn);
    } catch (error) {
      setNote(error instanceof Error ? error.message : String(error));
    }
    reload();
  };
  return (
    <section class="card" aria-labelledby="upgrade-title">
      <h2 id="upgrade-title">{accountsTexts.plan.upgradeTitle}</h2>
      <Load resource={resource} onRetry={reload}>
        {(data) => {
          const open = data.items.find((r) => r.status === 'open');
          const past = data.items.filter((r) => r.status !== 'open');
          return (
            <>
              {open ? (
                <div class="notice notice-info">
                  <p>{accountsTexts.plan.openRequest(accountsTexts.plan.tiers[open.tier] ?? open.tier, formatDay(open.created_at))}</p>
                  <button type="button" class="button button-secondary button-small" onClick={() => withdraw(open.id)}>
                    {accountsTexts.plan.withdraw}
                  </button>
                </div>
              ) : (
                <>
                  <p class="muted">{accountsTexts.plan.upgradeIntro}</p>
                  <UpgradeForm
                    currentTier={currentTier}
                    onSent={() => {
                      setNote(accountsTexts.plan.sent);
                      reload();
                    }}
                  />
                </>
              )}
              {note && (
                <p class="notice notice-success" role="status">
                  {note}
                </p>
              )}
              {past.length > 0 && (
                <>
                  <h3>{accountsTexts.plan.history}</h3>
                  <ul class="plain-list">
                    {past.map((r) => (
                      <li key={r.id}>
                        {formatDay(r.created_at)}: {accountsTexts.plan.tiers[r.tier] ?? r.tier} – {accountsTexts.plan.status[r.status] ?? r.status}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </>
          );
        }}
      </Load>
    </section>
  );
}

export function PlanScreen() {
  const state = useStore(session);
  if (state.status !== 'user') return null;
  const { user } = state;
  const tierBadge = user.subscription_tier.startsWith('breeder') ? 'breeder' : user.subscription_tier;
  const otherBadges = user.badges.filter((b) => b !== tierBadge);
  return (
    <section class="page">
      <h1>{accountsTexts.plan.title(otherBadges.length > 0)}</h1>
      <div class="card">
        <h2>{accountsTexts.plan.current}</h2>
        {/* The plan shows once: as the tier's badge here, and the list below holds only the other badges. */}
        <p class="plan-tier" data-tier={user.subscription_tier}>
          <span class={`badge badge-${tierBadge}`} data-badge={tierBadge}>
            {accountsTexts.plan.tiers[user.subscription_tier] ?? user.subscription_tier}
          </span>
        </p>
        <Badges badges={otherBadges} founderNumber={user.founder_number} />
        {user.is_founder === 1 && <p>{accountsTexts.plan.founder(user.founder_number)}</p>}
        {user.is_founder !== 1 && user.is_founder_pending === 1 && <p>{accountsTexts.plan.founderPending}</p>}
        {user.is_partner === 1 && <p>{accountsTexts.plan.partner}</p>}
      </div>
      <PlanComparison currentTier={user.subscription_tier} />
      <UpgradeRequests currentTier={user.subscription_tier} />
      <p>
        <a href="/app/profil">{t.back}</a>
      </p>
    </section>
  );
}
