import type { z } from 'zod';
import { requireOwner, type Wording } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import { addDays, dateInZone } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { lockRow } from '#core/db/row-lock.js';
import { AppError, badRequest, forbidden, notFound } from '#core/http/route/errors.js';
import { byId, keysetPage, type Page, type PageQuery } from '#core/http/route/pagination.js';
import { assertNotInFuture } from '#core/http/route/schema-kit.js';
import { findDog } from '../dogs/index.js';
import {
  countPuppies,
  deleteLitter,
  deletePuppy,
  findLitter,
  findPuppy,
  insertLitter,
  insertPuppy,
  listLitters,
  puppiesOf,
  updateLitter,
  updatePuppy,
  upsertWeights,
  weightsOfLitter,
  type LitterRow,
} from './breeder.repo.js';
import {
  GESTATION_DAYS,
  type CreateLitterBody,
  type CreatePuppyBody,
  type Litter,
  type LitterDetail,
  type LitterWeighingBody,
  type LitterWeights,
  type Puppy,
  type UpdateLitterBody,
  type UpdatePuppyBody,
} from './breeder.schemas.js';
import { growthWarnings } from './growth.js';

const LITTER: Wording = { missing: 'Diesen Wurf gibt es nicht.', foreign: 'Dieser Wurf gehört nicht dir.' };
const PUPPY: Wording = { missing: 'Diesen Welpen gibt es nicht.', foreign: 'Dieser Welpe gehört nicht zu deinen Würfen.' };
/** More than any real litter (the record is 24): a bound against runaway clients. */
export const MAX_PUPPIES = 30;

const today = (ctx: AppContext) => dateInZone(ctx.clock.now(), ctx.config.timeZone);

export function toLitter(row: LitterRow): Litter {
  return {
    id: row.id,
    mother_dog_id: row.mother_dog_id,
    mother_name: row.mother_name,
    father_dog_id: row.father_dog_id,
    father_name: row.father_dog_name ?? row.father_name,
    mating_date: row.mating_date,
    birth_date: row.birth_date,
    expected_birth_date: row.mating_date ? addDays(row.mating_date, GESTATION_DAYS) : null,
    notes: row.notes,
    puppy_count: Number(row.puppy_count),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Mother: the breeder's own female dog (missing 404, foreign 403, male 400); father: the breeder's own male dog. */
async function checkParents(ctx: AppContext, actor: Actor, r: { mother_dog_id: number; father_dog_id?: number | null | undefined }): Promise<void> {
  const mother = await findDog(ctx.db, r.mother_dog_id);
  if (!mother) throw notFound('Diese Hündin gibt es nicht.');
  if (mother.user_id !== actor.id) throw forbidden('Die Mutter muss einer deiner Hunde sein.');
  if (mother.sex !== 'female') throw new AppError(409, 'not_female', 'Die Mutter muss eine Hündin sein.', { mother_dog_id: 'Bitte wähle eine Hündin.' });
  if (r.father_dog_id) {
    const father = await findDog(ctx.db, r.father_dog_id);
    if (!father) throw notFound('Diesen Rüden gibt es nicht.');
    if (father.user_id !== actor.id) throw forbidden('Als Vater kannst du nur eigene Hunde wählen – sonst trag seinen Namen ein.');
    if (father.sex === 'female') throw badRequest('Der Vater kann keine Hündin sein.', { father_dog_id: 'Bitte wähle einen Rüden.' });
  }
}

function checkDates(ctx: AppContext, r: { mating_date?: string | null | undefined; birth_date?: string | null | undefined }): void {
  assertNotInFuture(r.mating_date, today(ctx), 'mating_date', 'Das Deckdatum liegt in der Zukunft.');
  assertNotInFuture(r.birth_date, today(ctx), 'birth_date', 'Die Geburt liegt in der Zukunft.');
  if (r.mating_date && r.birth_date && r.birth_date < r.mating_date)
    throw badRequest('Die Geburt liegt vor dem Decken.', { birth_date: 'Die Geburt liegt vor dem Decken.' });
}

export async function ownLitter(ctx: AppContext, actor: Actor, id: number): Promise<LitterRow> {
  return requireOwner(actor, await findLitter(ctx.db, id), LITTER);
}

export async function listOwnLitters(ctx: AppContext, actor: Actor, query: PageQuery): Promise<Page<Litter>> {
  return keysetPage(query, byId<LitterRow>(), (take, after) => listLitters(ctx.db, actor.id, take, after), toLitter);
}

export async function createLitter(ctx: AppContext, actor: Actor, body: z.infer<typeof CreateLitterBody>): Promise<LitterDetail> {
  await checkParents(ctx, actor, body);
  checkDates(ctx, body);
  const now = ctx.clock.now().toISOString();
  const id = await insertLitter(ctx.db, {
    user_id: actor.id,
    mother_dog_id: body.mother_dog_id,
    father_dog_id: body.father_dog_id ?? null,
    father_name: body.father_name ?? null,
    mating_date: body.mating_date ?? null,
    birth_date: body.birth_date ?? null,
    notes: body.notes ?? null,
    created_at: now,
    updated_at: now,
  });
  return litterDetail(ctx, actor, id);
}

export async function litterDetail(ctx: AppContext, actor: Actor, id: number): Promise<LitterDetail> {
  const litter = await ownLitter(ctx, actor, id);
  return { ...toLitter(litter), puppies: (await puppiesOf(ctx.db, id)) as Puppy[] };
}

export async function changeLitter(ctx: AppContext, actor: Actor, id: number, body: z.infer<typeof UpdateLitterBody>): Promise<LitterDetail> {
  const old = await ownLitter(ctx, actor, id);
  const merged = { ...old, ...body };
  if (body.mother_dog_id !== undefined || body.father_dog_id) await checkParents(ctx, actor, merged);
  checkDates(ctx, merged);
  await updateLitter(ctx.db, id, { ...body, updated_at: ctx.clock.now().toISOString() });
  return litterDetail(ctx, actor, id);
}

export async function removeLitter(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ownLitter(ctx, actor, id);
  await deleteLitter(ctx.db, id); // puppies and their weights cascade
}

export async function addPuppy(ctx: AppContext, actor: Actor, litterId: number, body: z.infer<typeof CreatePuppyBody>): Promise<Puppy> {
  await ownLitter(ctx, actor, litterId);
  assertNotInFuture(body.handover_date, addDays(today(ctx), 365), 'handover_date', 'Die Abgabe liegt mehr als ein Jahr in der Zukunft.');
  const now = ctx.clock.now().toISOString();
  // Counted and inserted under the litter row's lock: puppies added at once cannot pass the cap.
  const id = await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockRow(trx, 'litters', litterId))) throw notFound('Diesen Wurf gibt es nicht.');
    if ((await countPuppies(trx, litterId)) >= MAX_PUPPIES) throw new AppError(422, 'too_many_records', `Ein Wurf kann höchstens ${MAX_PUPPIES} Welpen haben.`);
    return insertPuppy(trx, {
      litter_id: litterId,
      name: body.name ?? null,
      collar_color: body.collar_color,
      sex: body.sex,
      birth_weight_g: body.birth_weight_g ?? null,
      chip_number: body.chip_number ?? null,
      buyer_name: body.buyer_name ?? null,
      buyer_contact: body.buyer_contact ?? null,
      handover_date: body.handover_date ?? null,
      vaccinations: body.vaccinations ?? null,
      created_at: now,
      updated_at: now,
    });
  });
  return (await puppiesOf(ctx.db, litterId)).find((p) => p.id === id) as Puppy;
}

export async function ownPuppy(ctx: AppContext, actor: Actor, id: number) {
  return requireOwner(actor, await findPuppy(ctx.db, id), PUPPY);
}

export async function changePuppy(ctx: AppContext, actor: Actor, id: number, body: z.infer<typeof UpdatePuppyBody>): Promise<Puppy> {
  const puppy = await ownPuppy(ctx, actor, id);
  assertNotInFuture(body.handover_date, addDays(today(ctx), 365), 'handover_date', 'Die Abgabe liegt mehr als ein Jahr in der Zukunft.');
  await updatePuppy(ctx.db, id, { ...body, updated_at: ctx.clock.now().toISOString() });
  return (await puppiesOf(ctx.db, puppy.litter_id)).find((p) => p.id === id) as Puppy;
}

export async function removePuppy(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ownPuppy(ctx, actor, id);
  await deletePuppy(ctx.db, id);
}

function checkWeighingDay(ctx: AppContext, litter: LitterRow, date: string): void {
  assertNotInFuture(date, today(ctx), 'date', 'Das Datum liegt in der Zukunft.');
  if (litter.birth_date && date < litter.birth_date) throw badRequest('Das Datum liegt vor der Geburt.', { date: 'Das Datum liegt vor der Geburt.' });
}

export async function weighPuppy(ctx: AppContext, actor: Actor, puppyId: number, body: { date: string; weight_g: number }): Promise<LitterWeights> {
  const puppy = await ownPuppy(ctx, actor, puppyId);
  const litter = await ownLitter(ctx, actor, puppy.litter_id);
  checkWeighingDay(ctx, litter, body.date);
  await upsertWeights(ctx.db, [{ puppy_id: puppyId, ...body }], ctx.clock.now().toISOString());
  return litterWeights(ctx, actor, puppy.litter_id);
}

/** The quick weighing: every puppy of the litter on one day, in one request (all or nothing). */
export async function weighLitter(ctx: AppContext, actor: Actor, litterId: number, body: z.infer<typeof LitterWeighingBody>): Promise<LitterWeights> {
  const litter = await ownLitter(ctx, actor, litterId);
  checkWeighingDay(ctx, litter, body.date);
  const ids = new Set((await puppiesOf(ctx.db, litterId)).map((p) => p.id));
  const strangers = body.weights.filter((w) => !ids.has(w.puppy_id));
  if (strangers.length) throw badRequest('Einige Welpen gehören nicht zu diesem Wurf.', { weights: 'Unbekannter Welpe.' });
  if (new Set(body.weights.map((w) => w.puppy_id)).size !== body.weights.length) throw badRequest('Jeder Welpe nur einmal, bitte.', { weights: 'Doppelt.' });
  await upsertWeights(
    ctx.db,
    body.weights.map((w) => ({ puppy_id: w.puppy_id, date: body.date, weight_g: w.weight_g })),
    ctx.clock.now().toISOString(),
  );
  return litterWeights(ctx, actor, litterId);
}

export async function litterWeights(ctx: AppContext, actor: Actor, litterId: number): Promise<LitterWeights> {
  await ownLitter(ctx, actor, litterId);
  const puppies = await puppiesOf(ctx.db, litterId);
  const rows = await weightsOfLitter(ctx.db, litterId);
  const series = puppies.map((p) => ({
    puppy_id: p.id,
    label: p.name ?? `Welpe ${p.collar_color}`,
    weights: rows.filter((r) => r.puppy_id === p.id).map((r) => ({ date: r.date, weight_g: r.weight_g })),
  }));
  const warnings = growthWarnings(series);
  return {
    puppies: puppies.map((p, i) => ({
      puppy_id: p.id,
      name: p.name,
      collar_color: p.collar_color,
      weights: series[i]!.weights,
      warnings: warnings.get(p.id) ?? [],
    })),
  };
}
