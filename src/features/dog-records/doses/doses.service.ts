import type { AppContext } from '#core/context.js';
import { requireDogRecord } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import { forbidden, unprocessable } from '#core/http/route/errors.js';
import { notify } from '../../accounts/notifications/index.js';
import { dosesOf, findDoseWithOwner, findMedicationWithOwner, recordDose, undoDose } from './doses.repo.js';
import type { Dose, DoseBody } from './doses.schemas.js';

/**
 * Doses (decisions: Doses and parasite plan): the household ticks off together (owner and caregivers: 'write'),
 * each dose says who gave it and lowers the stock by one; the one who ticked it or the owner undoes it. When the
 * stock lasts 3 days or less, the owner hears it once per medication and stock level (kind `medication_refill`).
 */

const MED = { missing: 'Dieses Medikament gibt es nicht.', foreign: 'Dieses Medikament gehört zu einem fremden Hund.' };
const DOSE = { missing: 'Diese Gabe gibt es nicht.', foreign: 'Diese Gabe gehört zu einem fremden Hund.' };
const REFILL_DAYS = 3;

export async function medicationAccess(ctx: AppContext, actor: Actor, id: number, need: 'read' | 'write') {
  return requireDogRecord(ctx.db, actor, await findMedicationWithOwner(ctx.db, id), need, MED);
}

export async function tickDose(ctx: AppContext, actor: Actor, medicationId: number, body: DoseBody): Promise<Dose & { stock: number | null }> {
  const med = await medicationAccess(ctx, actor, medicationId, 'write');
  const now = ctx.clock.now();
  const givenAt = body.given_at ? new Date(body.given_at) : now;
  if (givenAt.getTime() > now.getTime() + 5 * 60_000) throw unprocessable('Eine Gabe kann nicht in der Zukunft liegen.', { given_at: 'in der Zukunft' });
  const { dose, stock } = await recordDose(ctx.db, med, givenAt.toISOString(), actor.id, now.toISOString());
  if (stock !== null && med.doses_per_day && stock <= REFILL_DAYS * med.doses_per_day) {
    const days = Math.floor(stock / med.doses_per_day);
    await notify(
      ctx,
      med.user_id,
      'medication_refill',
      {
        title: `${med.dog_name}: ${med.name} bald nachkaufen`,
        body:
          stock === 0
            ? 'Der Vorrat ist aufgebraucht.'
            : `Noch ${stock} ${med.unit ?? 'Einheiten'} – reicht ${days < 1 ? 'keinen ganzen Tag' : days === 1 ? 'einen Tag' : `${days} Tage`}.`,
        url: `/app/hunde/${med.dog_id}/gesundheit`,
        tag: `refill-${med.id}`,
      },
      { dedupeKey: `refill:${med.id}:${stock}` },
    );
  }
  return { ...dose, given_by_name: actor.name ?? null, stock };
}

export async function listDoses(ctx: AppContext, actor: Actor, medicationId: number): Promise<{ items: Dose[] }> {
  await medicationAccess(ctx, actor, medicationId, 'read');
  return { items: await dosesOf(ctx.db, medicationId) };
}

export async function removeDose(ctx: AppContext, actor: Actor, doseId: number): Promise<void> {
  const dose = await requireDogRecord(ctx.db, actor, await findDoseWithOwner(ctx.db, doseId), 'write', DOSE);
  if (dose.access.role !== 'owner' && dose.given_by !== actor.id)
    throw forbidden('Nur wer die Gabe abgehakt hat oder die Besitzerin bzw. der Besitzer kann sie zurücknehmen.');
  await undoDose(ctx.db, dose, ctx.clock.now().toISOString());
}
