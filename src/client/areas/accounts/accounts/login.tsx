import { api } from '../../../core/api.js';
import { navigate } from '../../../core/router.js';
import { setUser } from '../../../core/session.js';
import type { ScreenProps } from '../../../core/screen.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { accountsTexts } from './texts.js';

/** Where to go after login: only paths inside the app, never an outside address. */
export function nextPath(query: URLSearchParams): string {
  const next = query.get('weiter');
  return next && /^\/app(\/|$|\?)/.test(next) ? next : '/app';
}

export function LoginScreen({ query }: ScreenProps) {
  const form = useForm({ email: '', password: '' }, { rules: { email: { required: true, email: true }, password: { required: true } } });
  const submit = form.onSubmit(async (values) => {
    const user = await api.POST('/api/auth/login', { body: { email: values.email, password: values.password } });
    setUser(user);
    navigate(nextPath(query), { replace: true });
  });

  return (
    <section class="page page-narrow">
      <h1>{accountsTexts.login.title}</h1>
      <p class="lead">{accountsTexts.login.intro}</p>
      {query.get('abgelaufen') && <p class="notice notice-info">{accountsTexts.login.expired}</p>}
      <form class="card form" ref={form.formRef} onSubmit={submit} noValidate>
        <FormSummary message={form.summary} />
        <Field form={form} name="email" label={accountsTexts.login.email} type="email" autoComplete="username" inputMode="email" required />
        <Field form={form} name="password" label={accountsTexts.login.password} type="password" autoComplete="current-password" required />
        <p class="form-aside">
          <a href={`/app/passwort-vergessen${form.values.email ? `?email=${encodeURIComponent(form.values.email)}` : ''}`}>{accountsTexts.login.forgot}</a>
        </p>
        <SubmitButton busy={form.busy} offline={form.offline} busyLabel={accountsTexts.login.busy}>
          {accountsTexts.login.submit}
        </SubmitButton>
      </form>
      <p class="center">
        {accountsTexts.login.noAccount} <a href="/app/registrieren">{accountsTexts.login.toRegister}</a>
      </p>
    </section>
  );
}
