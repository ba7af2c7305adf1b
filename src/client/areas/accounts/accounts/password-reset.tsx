import { useState } from 'preact/hooks';
import { api, ApiError } from '../../../core/api.js';
import { showFlash } from '../../../core/flash.js';
import { navigate } from '../../../core/router.js';
import type { ScreenProps } from '../../../core/screen.js';
import { setUser } from '../../../core/session.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { NewPasswordField } from './new-password-field.js';
import { accountsTexts } from './texts.js';

const resetTexts = accountsTexts.reset;

/** /app/passwort-vergessen: asks for a link. The answer is the same for every address (no account check). */
export function ForgotPasswordScreen({ query }: ScreenProps) {
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({ email: query.get('email') ?? '' }, { rules: { email: { required: true, email: true } } });
  const submit = form.onSubmit(async (values) => {
    const answer = await api.POST('/api/auth/password-reset', { body: { email: values.email } });
    setSent(answer.message);
  });
  return (
    <section class="page page-narrow">
      <h1>{resetTexts.forgotTitle}</h1>
      {sent ? (
        <div class="card">
          <p class="notice notice-success" role="status">
            {sent}
          </p>
          <p>{resetTexts.checkMail}</p>
          <p class="center">
            <a href="/app/anmelden">{resetTexts.toLogin}</a>
          </p>
        </div>
      ) : (
        <>
          <p class="lead">{resetTexts.forgotIntro}</p>
          <form class="card form" ref={form.formRef} onSubmit={submit} noValidate>
            <FormSummary message={form.summary} />
            <Field form={form} name="email" label={accountsTexts.login.email} type="email" autoComplete="username" inputMode="email" required />
            <SubmitButton busy={form.busy} offline={form.offline} busyLabel={resetTexts.sending}>
              {resetTexts.send}
            </SubmitButton>
          </form>
          <p class="center">
            <a href="/app/anmelden">{resetTexts.toLogin}</a>
          </p>
        </>
      )}
    </section>
  );
}

/** /app/passwort-neu?token=…: the link from the mail. Sets the new password and logs in (every other session ends). */
export function NewPasswordScreen({ query }: ScreenProps) {
  const token = query.get('token') ?? '';
  const [invalid, setInvalid] = useState(token.length < 10);
  const form = useForm({ new_password: '' }, { rules: { new_password: { required: true, minLength: 8, maxLength: 128 } } });
  const submit = form.onSubmit(async (values) => {
    try {
      const user = await api.POST('/api/auth/password-reset/confirm', { body: { token, new_password: values.new_password } });
      setUser(user);
      showFlash(resetTexts.saved, '/app');
      navigate('/app', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'token_invalid') setInvalid(true);
      else throw err;
    }
  });
  return (
    <section class="page page-narrow">
      <h1>{resetTexts.newTitle}</h1>
      {invalid ? (
        <div class="card">
          <p class="notice notice-error" role="alert">
            {resetTexts.invalid}
          </p>
          <p class="center">
            <a class="button" href="/app/passwort-vergessen">
              {resetTexts.askAgain}
            </a>
          </p>
        </div>
      ) : (
        <>
          <p class="lead">{resetTexts.newIntro}</p>
          <form class="card form" ref={form.formRef} onSubmit={submit} noValidate>
            <FormSummary message={form.summary} />
            <NewPasswordField form={form} name="new_password" label={resetTexts.newPassword} hint={accountsTexts.register.passwordHint} />
            <SubmitButton busy={form.busy} offline={form.offline} busyLabel={resetTexts.saving}>
              {resetTexts.save}
            </SubmitButton>
          </form>
        </>
      )}
    </section>
  );
}
