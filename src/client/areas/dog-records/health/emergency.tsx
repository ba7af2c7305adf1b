import { LIMITS } from '#shared/limits.js';
import { useState } from 'preact/hooks';
import { api, apiGet } from '../../../core/api.js';
import type { ScreenProps } from '../../../core/screen.js';
import { ConfirmDialog } from '../../../ui/confirm-dialog.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { useQrPng } from '../../../ui/qr-code.js';
import { useBusyAction } from '../../../ui/busy-action.js';
import { Loading, useResource } from '../../../ui/states.js';
import type { EmergencyCard } from './health-api.js';
import { healthTexts } from './texts.js';

/** The emergency card (/app/hunde/:dogId/notfallausweis): choose what the public page shows, get link and QR code, revoke. */
export function EmergencyCardScreen({ params }: ScreenProps) {
  const dogId = Number(params.dogId);
  const cardParams = { params: { path: { dogId } } };
  const [dog] = useResource(Number.isInteger(dogId) ? apiGet('/api/dogs/{dogId}', { params: { path: { dogId } } }) : null);
  const [loaded] = useResource(Number.isInteger(dogId) ? apiGet('/api/dogs/{dogId}/emergency-card', cardParams) : null);
  const [card, setCard] = useState<EmergencyCard | null | undefined>(undefined);
  const [note, setNote] = useState<string | null>(null);
  // No card yet answers null: then the form starts from the defaults.
  const current = card !== undefined ? card : loaded.status === 'ready' ? loaded.data : null;
  const name = dog.status === 'ready' ? dog.data.name : '';
  const revoke = async () => {
    await api.DELETE('/api/dogs/{dogId}/emergency-card', cardParams);
    setCard(null);
    setNote(healthTexts.revoked);
  };
  const renew = async () => {
    setCard(await api.POST('/api/dogs/{dogId}/emergency-card/renew', cardParams));
    setNote(healthTexts.renewed);
  };
  return (
    <section class="page page-narrow emergency-screen">
      <h1>{name ? healthTexts.emergencyTitle(name) : healthTexts.emergency}</h1>
      <p>{healthTexts.emergencyIntro}</p>
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
          dogId={dogId}
          current={current}
          onSaved={(saved, made) => {
            setNote(made ? null : healthTexts.saved);
            setCard(saved);
          }}
        />
      )}
      {current ? (
        <section class="card emergency-link" aria-labelledby="h-card">
          <h2 id="h-card">{healthTexts.cardLink}</h2>
          <p>
            <a href={current.url} target="_blank" rel="noopener">
              {current.url}
            </a>
          </p>
          <CardQr url={current.url} name={name} />
          <p class="link-row">
            <ConfirmedAction
              label={healthTexts.renew}
              title={healthTexts.renewTitle}
              confirmLabel={healthTexts.renewConfirm}
              text={healthTexts.renewText}
              tone="secondary"
              run={renew}
            />
            <ConfirmedAction
              label={healthTexts.revoke}
              title={healthTexts.revokeTitle}
              confirmLabel={healthTexts.revokeConfirm}
              text={healthTexts.revokeText}
              tone="danger"
              run={revoke}
            />
          </p>
        </section>
      ) : (
        loaded.status !== 'loading' && <p class="muted">{healthTexts.noCard}</p>
      )}
      <p class="link-row">
        <a href={`/app/hunde/${dogId}/gesundheit`}>{healthTexts.titleFallback}</a>
      </p>
    </section>
  );
}

interface ConfirmedActionProps {
  label: string;
  title: string;
  confirmLabel: string;
  text: string;
  tone: 'danger' | 'secondary';
  run: () => Promise<void>;
}

/** A button whose action kills the collar tag's link, so it asks first ("Abbrechen" changes nothing). */
function ConfirmedAction({ label, title, confirmLabel, text, tone, run }: ConfirmedActionProps) {
  const [open, setOpen] = useState(false);
  const action = useBusyAction();
  const confirm = () =>
    action.run(async () => {
      await run();
      setOpen(false);
    });
  return (
    <>
      <button type="button" class={`button button-${tone}`} onClick={() => setOpen(true)}>
        {label}
      </button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={confirmLabel}
        busy={action.busy}
        error={action.error}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      >
        <p>{text}</p>
      </ConfirmDialog>
    </>
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
      <img class="qr" src={png} alt={healthTexts.qrAlt} width={220} height={220} />
      <p class="link-row">
        <a class="button button-secondary button-small" href={png} download={file}>
          {healthTexts.qrDownload}
        </a>
        <button type="button" class="button button-secondary button-small" onClick={() => window.print()}>
          {healthTexts.qrPrint}
        </button>
      </p>
      <div class="print-card" aria-hidden="true">
        <p class="print-card-title">{healthTexts.printCardTitle(name)}</p>
        <img src={png} alt="" width={260} height={260} />
        <p>{healthTexts.printCardHint}</p>
        <p class="print-card-url">{url}</p>
      </div>
    </>
  );
}

/** What the card shows. With a card it is saved in place (PATCH: the link stays); without one it makes the first. */
function CardForm({ dogId, current, onSaved }: { dogId: number; current: EmergencyCard | null; onSaved: (card: EmergencyCard, made: boolean) => void }) {
  const form = useForm(
    {
      show_photo: current ? current.show_photo === 1 : true,
      show_allergies: current ? current.show_allergies === 1 : true,
      show_medications: current ? current.show_medications === 1 : true,
      show_practice_phone: current ? current.show_practice_phone === 1 : true,
      contact_name: current?.contact_name ?? '',
      contact_phone: current?.contact_phone ?? '',
    },
    { rules: { contact_name: { maxLength: LIMITS.title }, contact_phone: { maxLength: 50 } } },
  );
  const submit = form.onSubmit(async (v) => {
    const contents = {
      show_photo: v.show_photo === true,
      show_allergies: v.show_allergies === true,
      show_medications: v.show_medications === true,
      show_practice_phone: v.show_practice_phone === true,
      contact_name: String(v.contact_name).trim() || null,
      contact_phone: String(v.contact_phone).trim() || null,
    };
    const card = { params: { path: { dogId } }, body: contents };
    if (current) onSaved(await api.PATCH('/api/dogs/{dogId}/emergency-card', card), false);
    else onSaved(await api.POST('/api/dogs/{dogId}/emergency-card', card), true);
  });
  return (
    <form class="card form" ref={form.formRef} onSubmit={submit} noValidate aria-label={healthTexts.emergency}>
      <FormSummary message={form.summary} />
      <Field form={form} name="show_photo" label={healthTexts.showPhoto} type="checkbox" />
      <Field form={form} name="show_allergies" label={healthTexts.showAllergies} type="checkbox" />
      <Field form={form} name="show_medications" label={healthTexts.showMedications} type="checkbox" />
      <Field form={form} name="show_practice_phone" label={healthTexts.showPracticePhone} type="checkbox" />
      <Field form={form} name="contact_name" label={healthTexts.contactName} maxLength={LIMITS.title} autoComplete="name" />
      <Field form={form} name="contact_phone" label={healthTexts.contactPhone} type="tel" maxLength={50} autoComplete="tel" />
      <SubmitButton busy={form.busy} offline={form.offline}>
        {current ? healthTexts.saveCard : healthTexts.makeCard}
      </SubmitButton>
    </form>
  );
}
