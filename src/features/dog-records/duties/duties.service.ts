import { requireDogAccess } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import type { AppContext } from '#core/context.js';
import type { Db } from '#core/db/index.js';
import type { ExportSection } from '#core/export/index.js';
import { notFound } from '#core/http/route/errors.js';
import { asOfOf, placeOfUser, registryOf, RULE_CODES, ruleOf, type Registry, type RuleCode } from '../../accounts/place/index.js';
import { deleteDuty, dutiesOfDog, dutiesOfOwner, upsertDuty, type DutyRow } from './duties.repo.js';
import { DISCLAIMER, DUTY_TITLES, RECORDABLE, type DogDuties, type DutyBody, type DutyItem, type DutyRecord, type RecordableCode } from './duties.schemas.js';

const isRecordable = (code: string): code is RecordableCode => (RECORDABLE as readonly string[]).includes(code);

const NO_DATA = 'Für deine Region haben wir dazu noch keine geprüften Angaben. Leg Land und Region im Profil fest oder frag bei deiner Gemeinde nach.';

const toRecord = (r: DutyRow): DutyRecord => ({
  provider: r.provider,
  number: r.number,
  amount_cents: r.amount_cents,
  due_on: r.due_on,
  renews_on: r.renews_on,
  notes: r.notes,
  updated_at: r.updated_at,
});

const hasContent = (r: DutyRecord | null): boolean =>
  !!r && (r.provider !== null || r.number !== null || r.amount_cents !== null || r.due_on !== null || r.renews_on !== null);

export const registryHelp = (r: Registry) => ({ name: r.name, hotline: r.hotline, website: r.website, note: r.note, source_url: r.source_url, as_of: r.as_of });

function itemOf(region: string | null, code: RuleCode, record: DutyRecord | null): DutyItem {
  const row = ruleOf(region, code);
  const required = row?.required ?? 'unknown';
  const recordable = isRecordable(code);
  const status = recordable && hasContent(record) ? 'done' : required === 'unknown' ? 'unknown' : recordable && required !== 'no' ? 'todo' : 'done';
  const registry = code === 'registry' ? registryOf(record?.provider) : undefined;
  return {
    code,
    title: DUTY_TITLES[code] ?? code,
    recordable,
    required,
    rule: row?.rule ?? NO_DATA,
    source_url: row?.source_url ?? null,
    as_of: row?.as_of ?? null,
    status,
    record,
    registry: registry ? registryHelp(registry) : null,
  };
}

/** The duties where the dog lives (its owner's region), each with what the owner recorded; caregivers read. */
export async function dogDuties(ctx: AppContext, actor: Actor, dogId: number): Promise<DogDuties> {
  const dog = await requireDogAccess(ctx.db, actor, dogId, 'read');
  const place = await placeOfUser(ctx, dog.owner_id);
  const records = new Map((await dutiesOfDog(ctx.db, dog.dog_id)).map((r) => [r.code, toRecord(r)]));
  const items = RULE_CODES.map((code) => itemOf(place.region, code, records.get(code) ?? null));
  return {
    region: place.region,
    region_name: place.region_name,
    currency: place.currency,
    as_of: asOfOf(items.filter((i): i is DutyItem & { as_of: string } => i.as_of !== null)),
    disclaimer: DISCLAIMER,
    can_edit: dog.role === 'owner',
    items,
  };
}

export async function putDuty(ctx: AppContext, actor: Actor, dogId: number, code: RecordableCode, body: DutyBody): Promise<DutyItem> {
  const dog = await requireDogAccess(ctx.db, actor, dogId, 'manage');
  const values = {
    provider: body.provider ?? null,
    number: body.number ?? null,
    amount_cents: body.amount_cents ?? null,
    due_on: body.due_on ?? null,
    renews_on: body.renews_on ?? null,
    notes: body.notes ?? null,
  };
  await upsertDuty(ctx.db, dog.dog_id, code, values, ctx.clock.now().toISOString());
  return (await dogDuties(ctx, actor, dogId)).items.find((i) => i.code === code) as DutyItem;
}

export async function removeDuty(ctx: AppContext, actor: Actor, dogId: number, code: RecordableCode): Promise<void> {
  const dog = await requireDogAccess(ctx.db, actor, dogId, 'manage');
  if (!(await deleteDuty(ctx.db, dog.dog_id, code))) throw notFound('Dazu ist noch nichts eingetragen.');
}

/** The recorded registry and insurer of a dog (poster, lost-dog page, emergency card), with the registry's hotline. */
export async function dogPapers(db: Db, dogId: number) {
  const rows = await dutiesOfDog(db, dogId);
  const registryRow = rows.find((r) => r.code === 'registry' && r.provider);
  const insuranceRow = rows.find((r) => r.code === 'liability_insurance' && (r.provider || r.number));
  const known = registryOf(registryRow?.provider);
  return {
    registry: registryRow
      ? { provider: registryRow.provider as string, number: registryRow.number, hotline: known?.hotline ?? null, website: known?.website ?? null }
      : null,
    insurance: insuranceRow ? { provider: insuranceRow.provider, number: insuranceRow.number } : null,
  };
}
export type DogPapers = Awaited<ReturnType<typeof dogPapers>>;

/** `daten/pflichten.json`: what the owner recorded per dog. */
export const dutiesExport: ExportSection = async (ctx, actor, out) => {
  const rows = await dutiesOfOwner(ctx.db, actor.id);
  if (rows.length)
    out.json(
      'daten',
      'pflichten.json',
      rows.map(({ id: _id, ...r }) => ({ ...r, title: DUTY_TITLES[r.code] ?? r.code })),
    );
};
