import { LIMITS } from '#shared/limits.js';
import { useState } from 'preact/hooks';
import { api } from '../../../core/api.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { accountsTexts } from './texts.js';

const emailChangeTexts = accountsTexts.emailChange;

/** POST /api/me/email: a link goes to the new address; until it is opened, the current one stays. */
export function EmailForm({ email }: { email: string }) {
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm(
    { new_email: '', password: '' },
    {
      rules: { new_email: { required: true, email: true }, password: { required: true } },
      codeFields: { wrong_password: 'password', email_taken: 'new_email' },
    },
  );
  const submit = form.onSubmit(async (values) => {
    setSent(null);
    const answer = await api.POST('/api/me/email', { body: values });
    form.setValues({ new_email: '', password: '' });
    setSent(answer.message);
  });
  return (
    <form class="card form" ref={form.formRef} onSubmit={submit} noValidate aria-labelledby="email-title">
      <h2 id="email-title">{emailChangeTexts.title}</h2>
      <p class="muted">{emailChangeTexts.intro(email)}</p>
      <FormSummary message={form.summary} />
      <Field
        form={form}
        name="new_email"
        label={emailChangeTexts.newEmail}
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={LIMITS.email}
        required
      />
      <Field form={form} name="password" label={emailChangeTexts.password} type="password" autoComplete="current-password" required />
      <SubmitButton busy={form.busy} offline={form.offline}>
        {emailChangeTexts.submit}
      </SubmitButton>
      {sent && (
        <p class="notice notice-success" role="status">
          {sent}
        </p>
      )}
    </form>
  );
}
