import { useState } from 'preact/hooks';
import { api, ApiError } from '../../core/api.js';
import type { ScreenProps } from '../../routes.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../ui/form.js';
import { Loading, useResource } from '../../ui/states.js';
import type { EmergencyCard } from './health-api.js';
import { hx } from './texts.js';

/** The emergency card (/app/hunde/:dogId/notfallausweis): choose what the public page shows, get link and QR code, revoke. */
export function EmergencyCardScreen({ params }: ScreenProps) {
  const dogId = Number(params.dogId);
  const path = `/api/dogs/${dogId}/emergency-card`;
  const [dog] = useResource<{ name: string }>(Number.isInteger(dogId) ? `/api/dogs/${dogId}` : null);
  const [loaded] = useResource<EmergencyCard | null>(Number.isInteger(dogId) ? path : null);
  const [card, setCard] = useState<EmergencyCard | null | undefined>(undefined);
  const [note, setNote] = useState<string | null>(null);
  // No card yet answers null: then the form starts from the defaults.
  const current = card !== undefined ? card : loaded.status === 'ready' ? loaded.data : null;
  const name = dog.status === 'ready' ? dog.data.name : '';
  const revoke = async () => {
    try {
      await api.del(path);
      setCard(null);
      setNote(hx.revoked);
    } catch (e) {
      setNote(e instanceof ApiError ? e.message : String(e));
    }
  };
  return (
    <section class="page page-narrow">
      <h1>{name ? hx.emergencyTitle(name) : hx.emergency}</h1>
      <p>{hx.emergencyIntro}</p>
      {note && (
        <p class="notice notice-info" role="status">
          {note}
        </p>
      )}
      {loaded.status === 'loading' ? (
        <Loading />
      ) : (
        <CardForm
          key={current?.created_at ?? 'neu'}
          path={path}
          current={current}
          onMade={(made) => {
            setNote(null);
            setCard(made);
          }}
        />
      )}
      {current ? (
        <section class="card" aria-labelledby="h-card">
          <h2 id="h-card">{hx.cardLink}</h2>
          <p>
            <a href={current.url} target="_blank" rel="noopener">
              {current.url}
            </a>
          </p>
          {/* The SVG comes from our server's QR encoder (qrcode), not from user input. */}
          <div class="qr" role="img" aria-label={hx.qrAlt} dangerouslySetInnerHTML={{ __html: current.qr_svg }} />
          <button type="button" class="button button-danger" onClick={() => void revoke()}>
            {hx.revoke}
          </button>
        </section>
      ) : (
        loaded.status !== 'loading' && <p class="muted">{hx.noCard}</p>
      )}
      <p class="link-row">
        <a href={`/app/hunde/${dogId}/gesundheit`}>{hx.titleFallback}</a>
      </p>
    </section>
  );
}

function CardForm({ path, current, onMade }: { path: string; current: EmergencyCard | null; onMade: (card: EmergencyCard) => void }) {
  const form = useForm(
    {
      show_photo: current ? current.show_photo === 1 : true,
      show_allergies: current ? current.show_allergies === 1 : true,
      show_medications: current ? current.show_medications === 1 : true,
      show_practice_phone: current ? current.show_practice_phone === 1 : true,
      contact_name: current?.contact_name ?? '',
      contact_phone: current?.contact_phone ?? '',
    },
    { rules: { contact_name: { maxLength: 200 }, contact_phone: { maxLength: 50 } } },
  );
  const submit = form.onSubmit(async (v) => {
    onMade(
      await api.post<EmergencyCard>(path, {
        show_photo: v.show_photo === true,
        show_allergies: v.show_allergies === true,
        show_medications: v.show_medications === true,
        show_practice_phone: v.show_practice_phone === true,
        contact_name: String(v.contact_name).trim() || null,
        contact_phone: String(v.contact_phone).trim() || null,
      }),
    );
  });
  return (
    <form class="card form" ref={form.formRef} onSubmit={submit} noValidate aria-label={hx.emergency}>
      <FormSummary message={form.summary} />
      <Field form={form} name="show_photo" label={hx.showPhoto} type="checkbox" />
      <Field form={form} name="show_allergies" label={hx.showAllergies} type="checkbox" />
      <Field form={form} name="show_medications" label={hx.showMedications} type="checkbox" />
      <Field form={form} name="show_practice_phone" label={hx.showPracticePhone} type="checkbox" />
      <Field form={form} name="contact_name" label={hx.contactName} maxLength={200} autoComplete="name" />
      <Field form={form} name="contact_phone" label={hx.contactPhone} type="tel" maxLength={50} autoComplete="tel" />
      <SubmitButton busy={form.busy} offline={form.offline}>
        {current ? hx.renewCard : hx.makeCard}
      </SubmitButton>
    </form>
  );
}
