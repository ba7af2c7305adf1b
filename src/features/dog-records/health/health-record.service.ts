import { randomBytes } from 'node:crypto';
import { requireDogAccess } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import { dateInZone } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import type { ExportSection } from '#core/export/index.js';
import { ownDogIds } from '#core/auth/ownership.repo.js';
import { conflict, notFound } from '#core/http/route/errors.js';
import { mediaKeyOf } from '#core/media/storage.js';
import { dogPapers } from '../duties/index.js';
import { deleteCard, findCardByToken, findCardOfDog, insertCardIfNone, replaceCardToken, updateCardContents, type CardRow } from './emergency.repo.js';
import type { EmergencyCard, EmergencyCardBody, EmergencyCardPatch } from './emergency.schemas.js';
import { findPractice } from './practice.repo.js';
import { renderHealthRecord } from './health-record.pdf.js';
import { allergyRows, currentMedicationRows, dogProfile, findingRows, plannedVisitRows, vaccinationRows, visitRows, weightRows } from './health-record.repo.js';

const today = (ctx: AppContext) => dateInZone(ctx.clock.now(), ctx.config.timeZone);
const DOG_MISSING = 'Diesen Hund gibt es nicht.';

/** The vet-ready PDF: everyone who may read the dog (owner, caregivers). */
export async function healthRecordPdf(ctx: AppContext, actor: Actor, dogId: number): Promise<{ pdf: Buffer; name: string }> {
  const access = await requireDogAccess(ctx.db, actor, dogId, 'read');
  const id = access.dog_id;
  const day = today(ctx);
  const [dog, practice, allergies, medications, vaccinations, weights, appointments, visits, findings] = await Promise.all([
    dogProfile(ctx.db, id),
    findPractice(ctx.db, id),
    allergyRows(ctx.db, id),
    currentMedicationRows(ctx.db, id, day),
    vaccinationRows(ctx.db, id, 100),
    weightRows(ctx.db, id, 12),
    plannedVisitRows(ctx.db, id, 20),
    visitRows(ctx.db, id, 50),
    findingRows(ctx.db, id, 50),
  ]);
  if (!dog) throw notFound(DOG_MISSING);
  const pdf = await renderHealthRecord({
    generatedOn: day,
    appName: ctx.config.appName,
    dog,
    practice,
    allergies,
    medications,
    vaccinations,
    weights,
    appointments,
    visits,
    findings,
  });
  return { pdf, name: dog.name };
}

// --- Emergency card -----------------------------------------------------------------------------------------

const cardUrl = (ctx: AppContext, token: string) => `${ctx.config.publicUrl}/notfall/${token}`;

async function toCard(ctx: AppContext, row: CardRow): Promise<EmergencyCard> {
  const url = cardUrl(ctx, row.token);
  // qrcode loads with the first card, not at start (start memory: bench/auth.mjs).
  const { default: QRCode } = await import('qrcode');
  const qr_svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  const flag = (n: number): 0 | 1 => (n ? 1 : 0);
  return {
    dog_id: row.dog_id,
    url,
    qr_svg,
    show_photo: flag(row.show_photo),
    show_allergies: flag(row.show_allergies),
    show_medications: flag(row.show_medications),
    show_practice_phone: flag(row.show_practice_phone),
    contact_name: row.contact_name,
    contact_phone: row.contact_phone,
    created_at: row.created_at,
  };
}

/** The dog's card, or null (200) while none exists: 404 stays "no such dog", as for the vet practice. */
export async function getEmergencyCard(ctx: AppContext, actor: Actor, dogId: number): Promise<EmergencyCard | null> {
  const dog = await requireDogAccess(ctx.db, actor, dogId, 'manage');
  const row = await findCardOfDog(ctx.db, dog.dog_id);
  return row ? toCard(ctx, row) : null;
}

const NO_CARD = 'Für diesen Hund gibt es keinen Notfallausweis.';
const newToken = () => randomBytes(18).toString('base64url');

/** Makes the dog's first card (a link and the owner's choice of details); a dog with a card gets 409 `card_exists`. */
export async function makeEmergencyCard(ctx: AppContext, actor: Actor, dogId: number, body: EmergencyCardBody): Promise<EmergencyCard> {
  const dog = await requireDogAccess(ctx.db, actor, dogId, 'manage');
  const row = await insertCardIfNone(ctx.db, {
    dog_id: dog.dog_id,
    token: newToken(),
    show_photo: body.show_photo,
    show_allergies: body.show_allergies,
    show_medications: body.show_medications,
    show_practice_phone: body.show_practice_phone,
    contact_name: body.contact_name ?? null,
    contact_phone: body.contact_phone ?? null,
    created_at: ctx.clock.now().toISOString(),
  });
  if (!row) throw conflict('Dein Hund hat schon einen Notfallausweis. Ändere ihn, statt einen neuen zu erstellen.', 'card_exists');
  return toCard(ctx, row);
}

/** Changes what the card shows and keeps its link: the collar tag and the printed QR code keep working. */
export async function patchEmergencyCard(ctx: AppContext, actor: Actor, dogId: number, body: EmergencyCardPatch): Promise<EmergencyCard> {
  const dog = await requireDogAccess(ctx.db, actor, dogId, 'manage');
  const change = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  const row = Object.keys(change).length ? await updateCardContents(ctx.db, dog.dog_id, change) : await findCardOfDog(ctx.db, dog.dog_id);
  if (!row) throw notFound(NO_CARD);
  return toCard(ctx, row);
}

/** A new link for the card (a lost tag, a link passed around): the old link and QR code stop working at once. */
export async function renewEmergencyCard(ctx: AppContext, actor: Actor, dogId: number): Promise<EmergencyCard> {
  const dog = await requireDogAccess(ctx.db, actor, dogId, 'manage');
  const row = await replaceCardToken(ctx.db, dog.dog_id, newToken(), ctx.clock.now().toISOString());
  if (!row) throw notFound(NO_CARD);
  return toCard(ctx, row);
}

export async function revokeEmergencyCard(ctx: AppContext, actor: Actor, dogId: number): Promise<void> {
  const dog = await requireDogAccess(ctx.db, actor, dogId, 'manage');
  if (!(await deleteCard(ctx.db, dog.dog_id))) throw notFound(NO_CARD);
}

/** What the public page shows: only what the owner chose. Undefined for an unknown or revoked token. */
export async function publicCard(ctx: AppContext, token: string) {
  const card = await findCardByToken(ctx.db, token);
  if (!card) return undefined;
  const [dog, practice, allergies, medications, papers] = await Promise.all([
    dogProfile(ctx.db, card.dog_id),
    card.show_practice_phone ? findPractice(ctx.db, card.dog_id) : undefined,
    card.show_allergies ? allergyRows(ctx.db, card.dog_id) : [],
    card.show_medications ? currentMedicationRows(ctx.db, card.dog_id, today(ctx)) : [],
    // The insurer and the registry the owner recorded (issue 53: duties), with the registry's public hotline.
    dogPapers(ctx.db, card.dog_id),
  ]);
  if (!dog) return undefined;
  return {
    name: dog.name,
    photo: card.show_photo && dog.photo_url ? `/notfall/${token}/foto` : null,
    allergies: allergies.map((a) => ({ allergen: a.allergen, reaction: a.reaction, severity: a.severity })),
    medications: medications.map((m) => ({ name: m.name, dosage: m.dosage, schedule: m.schedule })),
    practice: practice ? { name: practice.name, phone: practice.phone, emergency_phone: practice.emergency_phone } : null,
    contact: card.contact_name || card.contact_phone ? { name: card.contact_name, phone: card.contact_phone } : null,
    papers,
  };
}

/** The dog photo's store key for the public card, only when the owner chose to show it. */
export async function publicCardPhoto(ctx: AppContext, token: string): Promise<string | undefined> {
  const card = await findCardByToken(ctx.db, token);
  if (!card?.show_photo) return undefined;
  const dog = await dogProfile(ctx.db, card.dog_id);
  return dog?.photo_url ? mediaKeyOf(dog.photo_url) : undefined;
}

/** The vet-ready PDF of each of the user's own dogs, as `gesundheit/<name>.pdf` (the data export). */
export const healthRecordExport: ExportSection = async (ctx, actor, out) => {
  for (const dogId of await ownDogIds(ctx.db, actor.id)) {
    const { pdf, name } = await healthRecordPdf(ctx, actor, dogId);
    out.buffer('gesundheit', `${name}.pdf`, pdf);
  }
};
