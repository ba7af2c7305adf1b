import { useState } from 'preact/hooks';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { useQrPng } from '../../../ui/qr-code.js';
import { confirmTotp, startTotp } from './security-api.js';
import { sx } from './texts.js';

/** The QR code of the otpauth address, drawn here (no outside service), with the key to type in beside it. */
function TotpQr({ url, secret }: { url: string; secret: string }) {
  const png = useQrPng(url, { width: 220, margin: 2 });
  return (
    <div class="totp-qr">
      <p>{sx.totpScan}</p>
      {png && <img src={png} width={220} height={220} alt="QR-Code für die Authenticator-App" />}
      <p>
        <code data-testid="totp-secret">{secret}</code>
      </p>
    </div>
  );
}

/** Setting up TOTP: the password, then the QR code and a first code, then the recovery codes (shown once). */
export function TotpSetup({ onDone }: { onDone: () => void }) {
  const [setup, setSetup] = useState<{ secret: string; otpauth_url: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const passwordForm = useForm({ password: '' }, { rules: { password: { required: true } }, codeFields: { wrong_password: 'password' } });
  const codeForm = useForm({ code: '' }, { rules: { code: { required: true } }, codeFields: { wrong_code: 'code' } });
  const start = passwordForm.onSubmit(async (values) => setSetup(await startTotp(values.password)));
  const confirm = codeForm.onSubmit(async (values) => setCodes((await confirmTotp(values.code)).recovery_codes));

  if (codes)
    return (
      <div class="card" role="region" aria-labelledby="recovery-title">
        <h3 id="recovery-title">{sx.recoveryTitle}</h3>
        <p>{sx.recoveryText}</p>
        <ul class="recovery-codes" data-testid="recovery-codes">
          {codes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <button type="button" class="button" onClick={onDone}>
          {sx.done}
        </button>
      </div>
    );
  if (setup)
    return (
      <form class="form" ref={codeForm.formRef} onSubmit={confirm} noValidate>
        <TotpQr url={setup.otpauth_url} secret={setup.secret} />
        <FormSummary message={codeForm.summary} />
        <Field form={codeForm} name="code" label={sx.totpCode} inputMode="numeric" autoComplete="one-time-code" required />
        <SubmitButton busy={codeForm.busy} offline={codeForm.offline}>
          {sx.totpConfirm}
        </SubmitButton>
      </form>
    );
  return (
    <form class="form" ref={passwordForm.formRef} onSubmit={start} noValidate>
      <FormSummary message={passwordForm.summary} />
      <Field form={passwordForm} name="password" label={sx.password} type="password" autoComplete="current-password" required />
      <SubmitButton busy={passwordForm.busy} offline={passwordForm.offline}>
        {sx.totpStart}
      </SubmitButton>
    </form>
  );
}
