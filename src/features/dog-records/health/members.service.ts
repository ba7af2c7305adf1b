import { requireDogAccess, requireDogRecord, requireOwner } from '#core/auth/ownership.js';
import type { Actor } from '#core/auth/session-user.js';
import { byId, keysetPage, type Page, type PageQuery } from '#core/http/route/pagination.js';
import type { AppContext } from '#core/context.js';
import { lockRow } from '#core/db/row-lock.js';
import { AppError, badRequest, conflict, notFound } from '#core/http/route/errors.js';
import {
  acceptInvitationRow,
  countMembers,
  deleteMemberRow,
  findMemberWithOwner,
  insertInvitation,
  listInvitationRows,
  listMemberRows,
  sharedDogRows,
  type MemberRow,
} from './members.repo.js';
import type { Invitation, InviteBody, Member, SharedDog } from './members.schemas.js';
import { PLAN_LIMITS, planLimit } from '#shared/plans.js';
import { findVerifiedUserIdByEmail, lockPlanOf } from '../../accounts/accounts/index.js';
import { findDog, findDogs } from '../dogs/index.js';
import { notify } from '../../accounts/notifications/index.js';

/**
 * Family sharing (decisions, Per-dog records): the owner invites by email, the invitee sees the invitation in the
 * app (matched by their account's email) and accepts it; from then on ownership.ts's roleFor gives them the
 * caregiver role. Members are the owner's business ('manage'); everyone with access may see who shares the dog.
 */

/** Family, dog sitters, the walker: more people than this on one dog is not a family any more (Pro's limit). */
export const MAX_MEMBERS_PER_DOG = PLAN_LIMITS.dogMembers.premium;

function tooManyMembers(cap: number): AppError {
  return new AppError(
    422,
    'too_many_members',
    cap < MAX_MEMBERS_PER_DOG
      ? `Mit Free teilst du einen Hund mit bis zu ${cap} Personen. Mit Pro sind es bis zu ${MAX_MEMBERS_PER_DOG}.`
      : `Ein Hund kann höchstens ${MAX_MEMBERS_PER_DOG} Betreuerinnen und Betreuer haben.`,
  );
}

const MEMBER_WORDING = { missing: 'Diese Einladung gibt es nicht.', foreign: 'Diese Einladung ist nicht für dich.' };

function toMember(row: MemberRow): Member {
  return {
    id: row.id,
    dog_id: row.dog_id,
    email: row.email,
    role: 'caregiver',
    status: row.accepted_at ? 'accepted' : 'pending',
    created_at: row.created_at,
    accepted_at: row.accepted_at,
  };
}

const emailOf = (actor: Actor) => actor.email.toLowerCase();

export async function listMembers(ctx: AppContext, actor: Actor, dogId: number): Promise<{ items: Member[] }> {
  const dog = await requireDogAccess(ctx.db, actor, dogId, 'read');
  return { items: (await listMemberRows(ctx.db, dog.dog_id)).map(toMember) };
}

export async function inviteMember(ctx: AppContext, actor: Actor, dogId: number, body: InviteBody): Promise<Member> {
  const dog = await requireDogAccess(ctx.db, actor, dogId, 'manage');
  const email = body.email.toLowerCase();
  if (email === emailOf(actor)) throw badRequest('Du kannst dich nicht selbst einladen.', { email: 'Du kannst dich nicht selbst einladen.' });
  // Counted and inserted under the dog row's and the owner's lock: invitations sent at once cannot pass the cap,
  // which the owner's plan sets.
  const row = await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockRow(trx, 'dogs', dog.dog_id))) throw notFound('Diesen Hund gibt es nicht.');
    const cap = planLimit('dogMembers', (await lockPlanOf(trx, dog.owner_id)) ?? actor) ?? MAX_MEMBERS_PER_DOG;
    if ((await countMembers(trx, dog.dog_id)) >= cap) throw tooManyMembers(cap);
    return insertInvitation(trx, { dog_id: dog.dog_id, email, invited_by: actor.id, now: ctx.clock.now().toISOString() });
  });
  if (!row) throw conflict('Diese Person ist schon eingeladen.', 'already_invited');
  await tellInvitee(ctx, actor, row);
  return toMember(row);
}

/**
 * The invitation always goes out by mail to the invited address, naming who invites: with a link into the app where
 * an account with that confirmed address exists (which also gets it in the app and by push), else with a link to
 * register with that address. Only the recipient sees which, so inviting never tells the inviter whether someone
 * has an account.
 */
async function tellInvitee(ctx: AppContext, actor: Actor, row: MemberRow): Promise<void> {
  const inviteeId = await findVerifiedUserIdByEmail(ctx.db, row.email);
  const dogName = (await findDog(ctx.db, row.dog_id))?.name ?? 'einen Hund';
  const app = ctx.config.appName;
  const familyLink = `${ctx.config.publicUrl}/app/familie`;
  const registerLink = `${ctx.config.publicUrl}/app/registrieren?email=${encodeURIComponent(row.email)}&weiter=${encodeURIComponent('/app/familie')}`;
  await ctx.mail.enqueue({
    to: row.email,
    subject: `${actor.name} lädt dich ein, ${dogName} mitzubetreuen`,
    text:
      `Hallo,\n\n${actor.name} möchte ${dogName} bei ${app} mit dir zusammen betreuen: Tagebuch, Gewicht, Pflege und ` +
      `Training an einem Ort, und ihr bekommt beide die Erinnerungen.\n\n` +
      (inviteeId === undefined
        ? `Leg dir mit dieser Adresse ein kostenloses Konto an und bestätige sie, dann findest du die Einladung unter „Familie“:\n\n${registerLink}\n\n`
        : `Nimm die Einladung in der App unter „Familie“ an:\n\n${familyLink}\n\n`) +
      `Wenn du ${actor.name} nicht kennst, ignoriere diese Mail einfach.\n\nViele Grüße\ndein ${app}-Team`,
  });
  if (inviteeId === undefined) return;
  await notify(
    ctx,
    inviteeId,
    'family_invite',
    {
      title: 'Einladung zur Hundebetreuung',
      body: `${actor.name} lädt dich ein, ${dogName} mitzubetreuen.`,
      url: '/app/familie',
      tag: `family_invite:${row.id}`,
    },
    { dedupeKey: `family_invite:${row.id}` },
  );
}

/** The owner removes a member or withdraws an invitation. */
export async function removeMember(ctx: AppContext, actor: Actor, memberId: number): Promise<void> {
  const row = await findMemberWithOwner(ctx.db, memberId);
  await requireDogRecord(ctx.db, actor, row && { ...row, user_id: row.owner_id }, 'manage', {
    missing: 'Dieses Mitglied gibt es nicht.',
    foreign: 'Das ist nicht dein Hund.',
  });
  if (!(await deleteMemberRow(ctx.db, memberId))) throw notFound('Dieses Mitglied gibt es nicht.');
}

/**
 * Invitations are matched by email, so only a confirmed address counts: someone who signed up with another
 * person's address (and never confirmed it) sees none and accepts none.
 */
const confirmedEmailOf = (actor: Actor) => (actor.email_verified_at ? emailOf(actor) : null);

/** The invitations to the confirmed address, newest first, a page at a time. */
export async function listInvitations(ctx: AppContext, actor: Actor, query: PageQuery): Promise<Page<Invitation>> {
  const email = confirmedEmailOf(actor);
  if (!email) return { items: [], next_cursor: null };
  return keysetPage(
    query,
    byId<Awaited<ReturnType<typeof listInvitationRows>>[number]>(),
    (take, before) => listInvitationRows(ctx.db, email, take, before?.id),
    (r): Invitation => ({ ...toMember(r), dog_name: r.dog_name, invited_by_name: r.invited_by_name }),
  );
}

/** An invitation belongs to the account with its confirmed email (or, once accepted, to the account that accepted it). */
async function loadInvitation(ctx: AppContext, actor: Actor, id: number) {
  const row = await findMemberWithOwner(ctx.db, id);
  const invitee = row && (row.user_id ?? (row.email === confirmedEmailOf(actor) ? actor.id : 0));
  return requireOwner(actor, row && { ...row, user_id: invitee ?? 0 }, MEMBER_WORDING);
}

export async function acceptInvitation(ctx: AppContext, actor: Actor, id: number): Promise<Invitation> {
  const row = await loadInvitation(ctx, actor, id);
  const now = ctx.clock.now().toISOString();
  const accepted = !row.accepted_at && (await acceptInvitationRow(ctx.db, id, actor.id, now));
  const fresh = await findMemberWithOwner(ctx.db, id);
  if (!fresh) throw notFound(MEMBER_WORDING.missing);
  // The owner hears of it once (a repeated accept changes nothing and tells nobody).
  if (accepted)
    await notify(
      ctx,
      fresh.owner_id,
      'family_invite',
      {
        title: `${actor.name} betreut ${fresh.dog_name} jetzt mit`,
        body: 'Die Einladung ist angenommen.',
        url: `/app/hunde/${fresh.dog_id}/familie`,
        tag: `family_accepted:${id}`,
      },
      { dedupeKey: `family_accepted:${id}` },
    );
  return { ...toMember(fresh), dog_name: fresh.dog_name, invited_by_name: fresh.invited_by_name };
}

/** The invitee declines, or a caregiver leaves the dog. */
export async function declineInvitation(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await loadInvitation(ctx, actor, id);
  if (!(await deleteMemberRow(ctx.db, id))) throw notFound(MEMBER_WORDING.missing);
}

type SharedDogRow = Awaited<ReturnType<typeof sharedDogRows>>[number];

/** The dogs others share with the user, by id, a page at a time. */
export async function sharedDogs(ctx: AppContext, actor: Actor, query: PageQuery): Promise<Page<SharedDog>> {
  const page = await keysetPage(query, byId<SharedDogRow>(), (take, after) => sharedDogRows(ctx.db, actor.id, take, after?.id));
  const owners = new Map(page.items.map((r) => [r.id, r]));
  const dogs = await findDogs(
    ctx.db,
    page.items.map((r) => r.id),
  );
  return { items: dogs.map((dog) => ({ ...dog, owner_id: dog.user_id, owner_name: owners.get(dog.id)?.owner_name ?? '' })), next_cursor: page.next_cursor };
}
