import { useEffect, useState } from 'preact/hooks';
import { api, errorMessage } from '../../../core/api.js';
import { navigate } from '../../../core/router.js';
import { type CurrentUser, setUser } from '../../../core/session.js';
import type { ScreenProps } from '../../../core/screen.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { secondStepLogin, signInWithPasskey } from '../security/security-api.js';
import { accountsTexts } from './texts.js';

/** Where to go after login: only paths inside the app, never an outside address. */
export function nextPath(query: URLSearchParams): string {
  const next = query.get('weiter');
  return next && /^\/app(\/|$|\?)/.test(next) ? next : '/app';
}

/** After the password of an account with TOTP: the code (or a recovery code) finishes the login. */
function SecondStep({ done }: { done: (user: CurrentUser) => void }) {
  const form = useForm({ code: '' }, { rules: { code: { required: true } }, codeFields: { wrong_code: 'code' } });
  const submit = form.onSubmit(async (values) => done(await secondStepLogin(values.code)));
  return (
    <form class="card form" ref={form.formRef} onSubmit={submit} noValidate>
      <p>{accountsTexts.login.secondStep}</p>
      <FormSummary message={form.summary} />
      <Field form={form} name="code" label={accountsTexts.login.code} autoComplete="one-time-code" inputMode="numeric" required />
      <SubmitButton busy={form.busy} offline={form.offline}>
        {accountsTexts.login.confirm}
      </SubmitButton>
    </form>
  );
}

export function LoginScreen({ query }: ScreenProps) {
  const [secondStep, setSecondStep] = useState(false);
  const [passkeyError, setPasskeyError] = useState('');
  const done = (user: CurrentUser) => {
    setUser(user);
    navigate(nextPath(query), { replace: true });
  };
  const form = useForm({ email: '', password: '' }, { rules: { email: { required: true, email: true }, password: { required: true } } });
  const submit = form.onSubmit(async (values) => {
    const answer = await api.POST('/api/auth/login', { body: { email: values.email, password: values.password } });
    if ('second_factor_required' in answer) setSecondStep(true);
    else done(answer);
  });
  const withPasskey = async () => {
    setPasskeyError('');
    try {
      done(await signInWithPasskey());
    } catch (error) {
      setPasskeyError(errorMessage(error));
    }
  };
  // Autofill: where the browser offers passkeys in the e-mail field's suggestions, picking one logs in.
  useEffect(() => {
    signInWithPasskey(true).then(done, () => undefined);
  }, []);

  return (
    <section class="page page-narrow">
      <h1>{accountsTexts.login.title}</h1>
      <p class="lead">{accountsTexts.login.intro}</p>
      {query.get('abgelaufen') && <p class="notice notice-info">{accountsTexts.login.expired}</p>}
      {secondStep ? (
        <SecondStep done={done} />
      ) : (
        <>
          <form class="card form" ref={form.formRef} onSubmit={submit} noValidate>
            <FormSummary message={form.summary} />
            <Field form={form} name="email" label={accountsTexts.login.email} type="email" autoComplete="username webauthn" inputMode="email" required />
            <Field form={form} name="password" label={accountsTexts.login.password} type="password" autoComplete="current-password" required />
            <p class="form-aside">
              <a href={`/app/passwort-vergessen${form.values.email ? `?email=${encodeURIComponent(form.values.email)}` : ''}`}>{accountsTexts.login.forgot}</a>
            </p>
            <SubmitButton busy={form.busy} offline={form.offline} busyLabel={accountsTexts.login.busy}>
              {accountsTexts.login.submit}
            </SubmitButton>
          </form>
          <div class="card center">
            <p class="muted">{accountsTexts.login.or}</p>
            <button type="button" class="button button-secondary" onClick={withPasskey}>
              {accountsTexts.login.passkey}
            </button>
            {passkeyError && <p role="alert">{passkeyError}</p>}
          </div>
        </>
      )}
      <p class="center">
        {accountsTexts.login.noAccount} <a href="/app/registrieren">{accountsTexts.login.toRegister}</a>
      </p>
    </section>
  );
}
