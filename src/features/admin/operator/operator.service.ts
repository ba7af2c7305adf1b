import type { Selectable } from 'kysely';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import type { OperatorSettingsTable } from '#core/db/tables/operator.js';
import { findSettings, seedSettings, updateSettings } from './operator.repo.js';
import type { OperatorSettings, UpdateOperatorSettingsBody } from './operator.schemas.js';

export type Settings = Selectable<OperatorSettingsTable>;

/**
 * The operator's settings, seeded from the environment the first time anything reads them (INVOICE_ISSUER_*,
 * ADMIN_EMAIL, PRICE_*_CENTS_YEAR); from then on the admins' values count.
 */
export async function operatorSettings(ctx: AppContext): Promise<Settings> {
  const found = await findSettings(ctx.db);
  if (found) return found;
  const { invoice, prices, mail } = ctx.config;
  await seedSettings(ctx.db, {
    operator_name: invoice.issuerName,
    operator_address: invoice.issuerAddress,
    contact_email: mail.adminEmail ?? '',
    contact_phone: null,
    vat_id: invoice.vatId,
    register_court: null,
    register_number: null,
    representatives: null,
    small_business: invoice.vatRatePercent === 0 ? 1 : 0,
    price_pro_cents_year: prices.proCentsYear,
    price_breeder_cents_year: prices.breederCentsYear,
    updated_at: ctx.clock.now().toISOString(),
    updated_by: null,
  });
  const seeded = await findSettings(ctx.db);
  if (!seeded) throw new Error('operator settings could not be seeded');
  return seeded;
}

/** What an invoice needs and is still empty, in plain German (never a variable name). */
export function missingForInvoices(s: Settings): string[] {
  return s.operator_address.trim() ? [] : ['die Anschrift des Betreibers'];
}

/** What the imprint (and invoices) need and is still empty: the admin screen lists it. */
export function missingParts(s: Settings): string[] {
  return [...missingForInvoices(s), ...(s.contact_email.trim() ? [] : ['eine Kontakt-E-Mail-Adresse'])];
}

/** The VAT rate of a new invoice: none for a small business (§ 19 UStG), otherwise INVOICE_VAT_RATE. */
export const vatRateOf = (ctx: AppContext, s: Settings) => (s.small_business ? 0 : ctx.config.invoice.vatRatePercent);

export function toView(s: Settings): OperatorSettings {
  return {
    operator_name: s.operator_name,
    operator_address: s.operator_address,
    contact_email: s.contact_email,
    contact_phone: s.contact_phone,
    vat_id: s.vat_id,
    register_court: s.register_court,
    register_number: s.register_number,
    representatives: s.representatives,
    small_business: s.small_business ? 1 : 0,
    price_pro_cents_year: s.price_pro_cents_year,
    price_breeder_cents_year: s.price_breeder_cents_year,
    updated_at: s.updated_at,
    missing: missingParts(s),
  };
}

export async function changeSettings(ctx: AppContext, actor: Actor, body: UpdateOperatorSettingsBody): Promise<OperatorSettings> {
  await operatorSettings(ctx);
  await updateSettings(ctx.db, { ...body, updated_at: ctx.clock.now().toISOString(), updated_by: actor.id });
  ctx.log.info({ by: actor.id, fields: Object.keys(body) }, 'operator settings changed');
  return toView(await operatorSettings(ctx));
}
