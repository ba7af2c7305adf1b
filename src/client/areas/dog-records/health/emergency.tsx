import { useState } from 'preact/hooks';
import { api, errorMessage } from '../../../core/api.js';
import type { ScreenProps } from '../../../core/screen.js';
import { ConfirmDialog } from '../../../ui/confirm-dialog.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { useQrPng } from '../../../ui/qr-code.js';
import { Loading, useResource } from '../../../ui/states.js';
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
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const revoke = async () => {
    setBusy(true);
    setRevokeError(null);
    try {
      await api.del(path);
      setCard(null);
      setConfirming(false);
      setNote(hx.revoked);
    } catch (e) {
      setRevokeError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="page page-narrow emergency-screen">
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
        <section class="card emergency-link" aria-labelledby="h-card">
          <h2 id="h-card">{hx.cardLink}</h2>
          <p>
            <a href={current.url} target="_blank" rel="noopener">
              {current.url}
            </a>
          </p>
          <CardQr url={current.url} name={name} />
          <p class="link-row">
            <button type="button" class="button button-danger" onClick={() => setConfirming(true)}>
              {hx.revoke}
            </button>
          </p>
          <ConfirmDialog
            open={confirming}
            title={hx.revokeTitle}
            confirmLabel={hx.revokeConfirm}
            busy={busy}
            error={revokeError}
            onConfirm={() => void revoke()}
            onCancel={() => setConfirming(false)}
          >
            <p>{hx.revokeText}</p>
          </ConfirmDialog>
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

/**
 * The QR code of the card's link as a PNG: shown, downloadable for a tag engraver, and on an A6 card that only the
 * printer sees (@page emergency-card in health.css).
 */
function CardQr({ url, name }: { url: string; name: string }) {
  const png = useQrPng(url, { width: 600, margin: 2 });
  if (!png) return null;
  const file = `notfallausweis-${name.toLowerCase().replace(/[^a-z0-9äöüß]+/g, '-') || 'hund'}.png`;
  return (
    <>
      <img class="qr" src={png} alt={hx.qrAlt} width={220} height={220} />
      <p class="link-row">
        <a class="button button-secondary button-small" href={png} download={file}>
          {hx.qrDownload}
        </a>
        <button type="button" class="button button-secondary button-small" onClick={() => window.print()}>
          {hx.qrPrint}
        </button>
      </p>
      <div class="print-card" aria-hidden="true">
        <p class="print-card-title">{hx.printCardTitle(name)}</p>
        <img src={png} alt="" width={260} height={260} />
        <p>{hx.printCardHint}</p>
        <p class="print-card-url">{url}</p>
      </div>
    </>
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
