import { useEffect, useState } from 'preact/hooks';
import { api, errorMessage } from '../../../core/api.js';
import { formatDateTime } from '../../../core/format.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { addPasskey, secondFactorStatus, type PasskeyItem, type SecondFactorStatus, type SecurityEvent } from './security-api.js';
import { TotpSetup } from './totp-setup.js';
import { sx } from './texts.js';

function PasskeyRow({ passkey, onChange }: { passkey: PasskeyItem; onChange: () => void }) {
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState('');
  const act = (work: () => Promise<unknown>) => () =>
    work().then(onChange, (e: unknown) => {
      setError(errorMessage(e));
    });
  return (
    <li class="passkey-row" data-passkey-id={passkey.id}>
      <input aria-label={`Name von ${passkey.name}`} value={name} maxLength={200} onInput={(e) => setName(e.currentTarget.value)} />
      <span class="muted small">{passkey.last_used_at ? `${sx.lastUsed}: ${formatDateTime(passkey.last_used_at)}` : sx.never}</span>
      <button
        type="button"
        class="button button-secondary button-small"
        onClick={act(() => api.PATCH('/api/me/passkeys/{id}', { params: { path: { id: passkey.id } }, body: { name } }))}
      >
        {sx.rename}
      </button>
      <button
        type="button"
        class="button button-secondary button-small"
        onClick={act(() => api.DELETE('/api/me/passkeys/{id}', { params: { path: { id: passkey.id } } }))}
      >
        {sx.remove}
      </button>
      {error && <p role="alert">{error}</p>}
    </li>
  );
}

/** `onChange`: a passkey came or went (the log and the status read again). */
function Passkeys({ onChange }: { onChange: () => void }) {
  const [items, setItems] = useState<PasskeyItem[] | null>(null);
  const [added, setAdded] = useState(false);
  const load = () => void api.GET('/api/me/passkeys').then((r) => setItems(r.items));
  useEffect(load, []);
  const changed = () => {
    load();
    onChange();
  };
  const form = useForm(
    { name: '', password: '' },
    { rules: { password: { required: true }, name: { maxLength: 200 } }, codeFields: { wrong_password: 'password' } },
  );
  const submit = form.onSubmit(async (values) => {
    setAdded(false);
    await addPasskey(values.password, values.name);
    form.setValues({ name: '', password: '' });
    setAdded(true);
    changed();
  });
  return (
    <section class="card" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">{sx.passkeys}</h2>
      <p class="muted">{sx.passkeysIntro}</p>
      {items && items.length === 0 && <p>{sx.none}</p>}
      <ul class="passkey-list">
        {items?.map((p) => (
          <PasskeyRow key={p.id} passkey={p} onChange={changed} />
        ))}
      </ul>
      <form class="form" ref={form.formRef} onSubmit={submit} noValidate>
        <FormSummary message={form.summary} />
        <Field form={form} name="name" label={sx.passkeyName} maxLength={200} />
        <Field form={form} name="password" label={sx.password} type="password" autoComplete="current-password" required />
        <SubmitButton busy={form.busy} offline={form.offline} busyLabel={sx.adding}>
          {sx.add}
        </SubmitButton>
        {added && (
          <p class="notice notice-success" role="status">
            {sx.added}
          </p>
        )}
      </form>
    </section>
  );
}

function Totp({ status, onChange }: { status: SecondFactorStatus; onChange: () => void }) {
  const [setting, setSetting] = useState(false);
  const off = useForm(
    { password: '', code: '' },
    { rules: { password: { required: true }, code: { required: true } }, codeFields: { wrong_password: 'password', wrong_code: 'code' } },
  );
  const submitOff = off.onSubmit(async (values) => {
    await api.DELETE('/api/me/totp', { body: values });
    onChange();
  });
  return (
    <section class="card" aria-labelledby="totp-title">
      <h2 id="totp-title">{sx.totp}</h2>
      <p class="muted">{sx.totpIntro}</p>
      {status.totp ? (
        <>
          <p>
            {sx.totpOn} {sx.codesLeft(status.recovery_codes_left)}
          </p>
          <form class="form" ref={off.formRef} onSubmit={submitOff} noValidate>
            <FormSummary message={off.summary} />
            <Field form={off} name="password" label={sx.password} type="password" autoComplete="current-password" required />
            <Field form={off} name="code" label={sx.codeLabel} autoComplete="one-time-code" required />
            <SubmitButton busy={off.busy} offline={off.offline}>
              {sx.totpOff}
            </SubmitButton>
          </form>
        </>
      ) : setting ? (
        <TotpSetup onDone={onChange} />
      ) : (
        <button type="button" class="button button-secondary" onClick={() => setSetting(true)}>
          {sx.totpStart}
        </button>
      )}
    </section>
  );
}

function SecurityLog({ version }: { version: number }) {
  const [items, setItems] = useState<SecurityEvent[] | null>(null);
  useEffect(() => void api.GET('/api/me/security-log').then((r) => setItems(r.items)), [version]);
  return (
    <section class="card" aria-labelledby="log-title">
      <h2 id="log-title">{sx.log}</h2>
      {items?.length === 0 && <p>{sx.logEmpty}</p>}
      <ul class="security-log">
        {items?.map((e) => (
          <li key={e.id}>
            <strong>{sx.kinds[e.kind] ?? e.kind}</strong> {e.method ? sx.methods[e.method] : ''}
            <br />
            <span class="muted small">
              {formatDateTime(e.created_at)} · {e.device}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Profil → Anmeldungen und Sicherheit: passkeys, the authenticator app and the security log. */
export function SecurityScreen() {
  const [status, setStatus] = useState<SecondFactorStatus | null>(null);
  const [version, setVersion] = useState(0);
  const reload = () => {
    void secondFactorStatus().then(setStatus);
    setVersion((v) => v + 1);
  };
  useEffect(reload, []);
  return (
    <section class="page">
      <p class="crumb">
        <a href="/app/profil">Profil</a>
      </p>
      <h1>{sx.title}</h1>
      <Passkeys onChange={reload} />
      {status && <Totp status={status} onChange={reload} />}
      <SecurityLog version={version} />
    </section>
  );
}
