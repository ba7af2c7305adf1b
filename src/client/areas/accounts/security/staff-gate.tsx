import type { ComponentType, FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { errorMessage } from '../../../core/api.js';
import type { ScreenProps } from '../../../core/screen.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { secondFactorStatus, signInWithPasskey, staffCleared, stepUp, type SecondFactorStatus } from './security-api.js';
import { TotpSetup } from './totp-setup.js';
import { sx } from './texts.js';

/**
 * In front of every admin and moderator screen (STAFF_SECOND_FACTOR=required): a session not raised in the last
 * 12 hours sees this German screen, which steps up with a passkey or a code, or leads through setting up TOTP.
 */
function StaffGate({ status, onCleared }: { status: SecondFactorStatus; onCleared: () => void }) {
  const [passkeyError, setPasskeyError] = useState('');
  const form = useForm({ code: '' }, { rules: { code: { required: true } }, codeFields: { wrong_code: 'code' } });
  const submit = form.onSubmit(async (values) => {
    await stepUp(values.code);
    onCleared();
  });
  const withPasskey = async () => {
    setPasskeyError('');
    try {
      await signInWithPasskey();
      onCleared();
    } catch (error) {
      setPasskeyError(errorMessage(error));
    }
  };
  return (
    <section class="page page-narrow">
      <h1>{sx.gateTitle}</h1>
      <p class="lead">{sx.gateText}</p>
      {status.passkeys > 0 && (
        <div class="card">
          <button type="button" class="button" onClick={withPasskey}>
            {sx.gatePasskey}
          </button>
          {passkeyError && <p role="alert">{passkeyError}</p>}
        </div>
      )}
      {status.totp ? (
        <form class="card form" ref={form.formRef} onSubmit={submit} noValidate>
          <FormSummary message={form.summary} />
          <Field form={form} name="code" label={sx.codeLabel} autoComplete="one-time-code" required />
          <SubmitButton busy={form.busy} offline={form.offline}>
            {sx.gateCode}
          </SubmitButton>
        </form>
      ) : (
        status.passkeys === 0 && (
          <div class="card">
            <p>{sx.gateSetUp}</p>
            <TotpSetup onDone={onCleared} />
          </div>
        )
      )}
    </section>
  );
}

/** A staff screen behind the gate: shown once the session is raised (or the setting is off). */
export function staffGated(Screen: ComponentType<ScreenProps>): FunctionComponent<ScreenProps> {
  return function Gated(props: ScreenProps) {
    const [status, setStatus] = useState<SecondFactorStatus | null>(null);
    const [cleared, setCleared] = useState(false);
    useEffect(() => {
      void secondFactorStatus().then((s) => {
        setStatus(s);
        setCleared(staffCleared(s));
      });
    }, []);
    if (cleared) return <Screen {...props} />;
    if (!status) return null;
    return <StaffGate status={status} onCleared={() => setCleared(true)} />;
  };
}
