import { LIMITS } from '#shared/limits.js';
import { useState } from 'preact/hooks';
import { api } from '../../../core/api.js';
import { type CurrentUser, logout, session, setUser } from '../../../core/session.js';
import { useStore } from '../../../core/store.js';
import { t } from '../../../core/texts.js';
import { Badges } from '../../../ui/badges.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { AvatarForm } from './avatar-form.js';
import { DeleteAccount } from './delete-account.js';
import { EmailForm } from './email-form.js';
import { ExportSection } from './export-section.js';
import { PasswordForm } from './password-form.js';
import { PhotoSettingsCard } from './photo-settings-card.js';
import { PlaceCard } from './place-card.js';
import { accountsTexts } from './texts.js';

function VerifyHint() {
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | string>('idle');
  const resend = async () => {
    setState('busy');
    try {
      await api.POST('/api/auth/verify/resend');
      setState('sent');
    } catch (error) {
      setState(error instanceof Error ? error.message : 'idle');
    }
  };
  return (
    <div class="notice notice-info">
      <p>{accountsTexts.profile.unverified}</p>
      {state === 'sent' ? (
        <p role="status">{accountsTexts.profile.resent}</p>
      ) : (
        <button type="button" class="button button-secondary button-small" onClick={resend} disabled={state === 'busy'}>
          {accountsTexts.profile.resend}
        </button>
      )}
      {state !== 'idle' && state !== 'busy' && state !== 'sent' && <p role="alert">{state}</p>}
    </div>
  );
}

function DetailsForm({ user }: { user: CurrentUser }) {
  const [saved, setSaved] = useState(false);
  const form = useForm(
    { name: user.name, city: user.city ?? '', bio: user.bio ?? '', profile_private: user.profile_private === 1, notes_ki_enabled: user.notes_ki_enabled === 1 },
    { rules: { name: { required: true, maxLength: LIMITS.title }, city: { maxLength: LIMITS.title }, bio: { maxLength: LIMITS.body } } },
  );
  const submit = form.onSubmit(async (values) => {
    setSaved(false);
    const updated = await api.PATCH('/api/me', {
      body: {
        name: values.name,
        city: values.city.trim() || null,
        bio: values.bio.trim() || null,
        profile_private: values.profile_private ? 1 : 0,
        notes_ki_enabled: values.notes_ki_enabled ? 1 : 0,
      },
    });
    setUser(updated);
    setSaved(true);
  });
  return (
    <form class="card form" ref={form.formRef} onSubmit={submit} noValidate aria-labelledby="details-title">
      <h2 id="details-title">{accountsTexts.profile.details}</h2>
      <FormSummary message={form.summary} />
      <Field form={form} name="name" label={accountsTexts.profile.name} autoComplete="name" maxLength={LIMITS.title} required />
      <Field form={form} name="city" label={accountsTexts.profile.city} autoComplete="address-level2" maxLength={LIMITS.title} />
      <Field form={form} name="bio" label={accountsTexts.profile.bio} multiline maxLength={LIMITS.body} />
      <Field form={form} name="profile_private" label={accountsTexts.profile.private} type="checkbox" hint={accountsTexts.profile.privateHint} />
      <Field form={form} name="notes_ki_enabled" label={accountsTexts.profile.ai} type="checkbox" hint={accountsTexts.profile.aiHint} />
      <SubmitButton busy={form.busy} offline={form.offline}>
        {t.save}
      </SubmitButton>
      {saved && (
        <p class="notice notice-success" role="status">
          {accountsTexts.profile.saved}
        </p>
      )}
    </form>
  );
}

/** The home area lives on its own screen (with a map, in the nearby area); the profile says whether it is set. */
function HomeAreaCard({ user }: { user: CurrentUser }) {
  const set = user.lat !== null && user.lon !== null;
  return (
    <section class="card" aria-labelledby="home-area-title">
      <h2 id="home-area-title">{accountsTexts.profile.homeArea}</h2>
      <p class={set ? 'muted' : 'notice notice-warning'}>{set ? accountsTexts.profile.homeAreaSet : accountsTexts.profile.homeAreaUnset}</p>
      <a class={set ? 'button button-secondary button-small' : 'button button-small'} href="/app/heimatgebiet">
        {set ? accountsTexts.profile.homeAreaChange : accountsTexts.profile.homeAreaSetUp}
      </a>
    </section>
  );
}

/** The calendar feed has its own screen (its own chunk, with the QR encoder); the profile leads there. */
function CalendarFeedCard() {
  return (
    <section class="card" aria-labelledby="calendar-feed-title">
      <h2 id="calendar-feed-title">{accountsTexts.profile.calendar}</h2>
      <p class="muted">{accountsTexts.profile.calendarText}</p>
      <a class="button button-secondary button-small" href="/app/profil/kalender">
        {accountsTexts.profile.calendarLink}
      </a>
    </section>
  );
}

/** Passkeys, the authenticator app and the security log have their own screen (its own chunk, with WebAuthn and the QR code). */
function SecurityCard() {
  return (
    <section class="card" aria-labelledby="security-title">
      <h2 id="security-title">{accountsTexts.profile.security}</h2>
      <p class="muted">{accountsTexts.profile.securityText}</p>
      <a class="button button-secondary button-small" href="/app/profil/sicherheit">
        {accountsTexts.profile.securityLink}
      </a>
    </section>
  );
}

/** Invoices have their own screen (in the invoices area, whose API it calls); the profile leads there. */
function InvoicesCard() {
  return (
    <section class="card" aria-labelledby="invoices-title">
      <h2 id="invoices-title">{accountsTexts.profile.invoices}</h2>
      <p class="muted">{accountsTexts.profile.invoicesText}</p>
      <a class="button button-secondary button-small" href="/app/profil/rechnungen">
        {accountsTexts.profile.invoicesLink}
      </a>
    </section>
  );
}

export function ProfileScreen() {
  const state = useStore(session);
  if (state.status !== 'user') return null;
  const { user } = state;
  // Offline the server cannot be told; the device forgets the session's data all the same.
  const doLogout = () => logout().catch(() => undefined);
  return (
    <section class="page">
      <h1>{accountsTexts.profile.title}</h1>
      <div class="card profile-head">
        <div>
          <p class="profile-name">{user.name}</p>
          <p class="muted">
            {accountsTexts.profile.email}: {user.email}
          </p>
          <Badges badges={user.badges} founderNumber={user.founder_number} />
          <a href="/app/tarif">{accountsTexts.profile.planLink}</a>
        </div>
        <button type="button" class="button button-secondary" onClick={doLogout}>
          {accountsTexts.profile.logout}
        </button>
      </div>
      {!user.email_verified && <VerifyHint />}
      <HomeAreaCard user={user} />
      <SecurityCard />
      <PlaceCard />
      <CalendarFeedCard />
      <InvoicesCard />
      <AvatarForm user={user} />
      <PhotoSettingsCard />
      <DetailsForm user={user} />
      <EmailForm email={user.email} />
      <PasswordForm email={user.email} />
      <ExportSection />
      <DeleteAccount />
      {/* Server pages, opened outside the app shell on purpose: the same text search engines and guests see. */}
      <p class="link-row muted small">
        <a href="/impressum">{accountsTexts.profile.imprint}</a> <a href="/datenschutz">{accountsTexts.profile.privacy}</a>
      </p>
    </section>
  );
}
