import { LIMITS } from '#shared/limits.js';
import type { PartnerCodeInfo } from '../../../api/types.js';
import { useEffect, useState } from 'preact/hooks';
import { api, ApiError } from '../../../core/api.js';
import { navigate } from '../../../core/router.js';
import { setUser } from '../../../core/session.js';
import type { ScreenProps } from '../../../core/screen.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { NewPasswordField } from './new-password-field.js';
import { nextPath } from './login.js';
import { accountsTexts } from './texts.js';

type CodeCheck = { state: 'idle' } | { state: 'checking' } | { state: 'done'; info: PartnerCodeInfo } | { state: 'unavailable' };

/** Live check of the partner code while typing, debounced so a fast typist sends one request. */
function usePartnerCodeCheck(code: string): CodeCheck {
  const [check, setCheck] = useState<CodeCheck>({ state: 'idle' });
  useEffect(() => {
    const trimmed = code.trim();
    if (!trimmed) {
      setCheck({ state: 'idle' });
      return;
    }
    let cancelled = false;
    setCheck({ state: 'checking' });
    const timer = window.setTimeout(() => {
      api.GET('/api/partner/codes/{code}/info', { params: { path: { code: trimmed } } }).then(
        (info) => !cancelled && setCheck({ state: 'done', info }),
        (error: unknown) => {
          if (cancelled) return;
          // An unknown code may come back as 404 instead of valid:false; both mean "not valid".
          if (error instanceof ApiError && error.status === 404) setCheck({ state: 'done', info: { valid: false, grants_founder: false, label: null } });
          else setCheck({ state: 'unavailable' });
        },
      );
    }, 350);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [code]);
  return check;
}

function CodeStatus({ check }: { check: CodeCheck }) {
  let text = '';
  let tone = '';
  if (check.state === 'checking') text = accountsTexts.register.checking;
  else if (check.state === 'unavailable') text = accountsTexts.register.codeUnknownOffline;
  else if (check.state === 'done' && check.info.valid) {
    text = `${accountsTexts.register.codeValid(check.info.label)}${check.info.grants_founder ? ` ${accountsTexts.register.codeFounder}` : ''}`;
    tone = 'ok';
  } else if (check.state === 'done') {
    text = accountsTexts.register.codeInvalid;
    tone = 'bad';
  }
  return (
    <p
      id="partner-code-status"
      class={`code-status ${tone}`}
      aria-live="polite"
      data-state={check.state === 'done' ? (check.info.valid ? 'valid' : 'invalid') : check.state}
    >
      {text}
    </p>
  );
}

export function RegisterScreen({ query }: ScreenProps) {
  const form = useForm(
    { name: '', email: query.get('email') ?? '', password: '', partner_code: query.get('code') ?? '' },
    {
      rules: {
        name: { required: true, maxLength: LIMITS.title },
        email: { required: true, email: true, maxLength: LIMITS.email },
        password: { required: true, minLength: 8, maxLength: 128 },
        partner_code: { maxLength: 100 },
      },
      codeFields: { email_taken: 'email', invalid_partner_code: 'partner_code', partner_code_used_up: 'partner_code' },
    },
  );
  const check = usePartnerCodeCheck(form.values.partner_code);

  const submit = form.onSubmit(async (values) => {
    const code = values.partner_code.trim();
    const user = await api.POST('/api/auth/register', {
      body: {
        name: values.name,
        email: values.email,
        password: values.password,
        ...(code ? { partner_code: code } : {}),
      },
    });
    setUser(user);
    navigate(nextPath(query), { replace: true });
  });

  return (
    <section class="page page-narrow">
      <h1>{accountsTexts.register.title}</h1>
      <p class="lead">{accountsTexts.register.intro}</p>
      <form class="card form" ref={form.formRef} onSubmit={submit} noValidate>
        <FormSummary message={form.summary} />
        <Field form={form} name="name" label={accountsTexts.register.name} autoComplete="name" maxLength={LIMITS.title} required />
        <Field
          form={form}
          name="email"
          label={accountsTexts.register.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={LIMITS.email}
          required
        />
        <NewPasswordField form={form} name="password" label={accountsTexts.register.password} hint={accountsTexts.register.passwordHint} />
        <Field
          form={form}
          name="partner_code"
          label={accountsTexts.register.partnerCode}
          hint={accountsTexts.register.partnerCodeHint}
          autoComplete="off"
          maxLength={100}
        >
          <CodeStatus check={check} />
        </Field>
        <SubmitButton busy={form.busy} offline={form.offline} busyLabel={accountsTexts.register.busy}>
          {accountsTexts.register.submit}
        </SubmitButton>
      </form>
      <p class="center">
        {accountsTexts.register.haveAccount} <a href="/app/anmelden">{accountsTexts.register.toLogin}</a>
      </p>
    </section>
  );
}
