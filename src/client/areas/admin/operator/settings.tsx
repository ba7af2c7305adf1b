import { LIMITS } from '#shared/limits.js';
import { parseCents } from '../../../core/format.js';
import { useState } from 'preact/hooks';
import type { OperatorSettings } from '../../../api/types.js';
import { api, apiGet } from '../../../core/api.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { Load, useResource } from '../../../ui/states.js';
import { AdminFrame } from '../../../ui/admin-frame.js';
import { operatorTexts } from './texts.js';

const settingsTexts = operatorTexts.settings;
const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

function SettingsForm({ settings, onSaved }: { settings: OperatorSettings; onSaved: (s: OperatorSettings) => void }) {
  const [saved, setSaved] = useState(false);
  const moneyRule = { required: true, check: (v: string) => (parseCents(v) === null || (parseCents(v) ?? 0) < 0 ? settingsTexts.priceInvalid : null) };
  const form = useForm(
    {
      operator_name: settings.operator_name,
      operator_address: settings.operator_address,
      contact_email: settings.contact_email,
      contact_phone: settings.contact_phone ?? '',
      vat_id: settings.vat_id ?? '',
      register_court: settings.register_court ?? '',
      register_number: settings.register_number ?? '',
      representatives: settings.representatives ?? '',
      small_business: settings.small_business === 1,
      price_pro: euros(settings.price_pro_cents_year),
      price_breeder: euros(settings.price_breeder_cents_year),
    },
    {
      rules: {
        operator_name: { required: true, maxLength: LIMITS.title },
        operator_address: { maxLength: 500 },
        register_court: { maxLength: LIMITS.title },
        register_number: { maxLength: 100 },
        representatives: { maxLength: 500 },
        contact_email: { email: true },
        price_pro: moneyRule,
        price_breeder: moneyRule,
      },
    },
  );
  const submit = form.onSubmit(async (v) => {
    setSaved(false);
    const next = await api.PATCH('/api/admin/settings', {
      body: {
        operator_name: v.operator_name,
        operator_address: v.operator_address,
        contact_email: v.contact_email.trim(),
        contact_phone: v.contact_phone,
        vat_id: v.vat_id,
        register_court: v.register_court,
        register_number: v.register_number,
        representatives: v.representatives,
        small_business: v.small_business,
        price_pro_cents_year: parseCents(v.price_pro) ?? undefined,
        price_breeder_cents_year: parseCents(v.price_breeder) ?? undefined,
      },
    });
    setSaved(true);
    onSaved(next);
  });
  return (
    <form class="form card" ref={form.formRef} onSubmit={submit} noValidate>
      <FormSummary message={form.summary} />
      <Field form={form} name="operator_name" label={settingsTexts.name} required maxLength={LIMITS.title} />
      <Field form={form} name="operator_address" label={settingsTexts.address} hint={settingsTexts.addressHint} multiline rows={3} maxLength={500} />
      <Field form={form} name="contact_email" label={settingsTexts.email} type="email" />
      <Field form={form} name="contact_phone" label={settingsTexts.phone} type="tel" maxLength={50} />
      <Field form={form} name="vat_id" label={settingsTexts.vatId} maxLength={40} />
      <Field form={form} name="representatives" label={settingsTexts.representatives} hint={settingsTexts.representativesHint} maxLength={500} />
      <Field form={form} name="register_court" label={settingsTexts.registerCourt} hint={settingsTexts.registerHint} maxLength={LIMITS.title} />
      <Field form={form} name="register_number" label={settingsTexts.registerNumber} maxLength={100} />
      <Field form={form} name="small_business" label={settingsTexts.smallBusiness} type="checkbox" hint={settingsTexts.smallBusinessHint} />
      <Field form={form} name="price_pro" label={settingsTexts.pricePro} inputMode="decimal" required />
      <Field form={form} name="price_breeder" label={settingsTexts.priceBreeder} inputMode="decimal" required />
      {saved && (
        <p class="notice notice-success" role="status">
          {settingsTexts.saved}
        </p>
      )}
      <SubmitButton busy={form.busy} offline={form.offline}>
        {settingsTexts.save}
      </SubmitButton>
    </form>
  );
}

/** /app/admin/einstellungen: who runs the service (imprint, privacy page, invoices) and the plan prices. */
export function SettingsScreen() {
  const [settings, reload, update] = useResource(apiGet('/api/admin/settings'));
  return (
    <AdminFrame title={settingsTexts.title}>
      <p class="lead">{settingsTexts.intro}</p>
      <Load resource={settings} onRetry={reload}>
        {(s) => (
          <>
            {s.missing.length > 0 && (
              <p class="notice notice-info" role="status">
                {settingsTexts.missing(s.missing)}
              </p>
            )}
            <SettingsForm settings={s} onSaved={(next) => update(() => next)} />
            <p class="link-row">
              <a href="/impressum">{settingsTexts.imprint}</a> <a href="/datenschutz">{settingsTexts.privacy}</a>
            </p>
          </>
        )}
      </Load>
    </AdminFrame>
  );
}
