import { LIMITS } from '../../../../shared/limits.js';
import { useState } from 'preact/hooks';
import { api } from '../../../core/api.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { tx } from './texts.js';

const ex = tx.emailChange;

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
      <h2 id="email-title">{ex.title}</h2>
      <p class="muted">{ex.intro(email)}</p>
      <FormSummary message={form.summary} />
      <Field form={form} name="new_email" label={ex.newEmail} type="email" autoComplete="email" inputMode="email" maxLength={LIMITS.email} required />
      <Field form={form} name="password" label={ex.password} type="password" autoComplete="current-password" required />
      <SubmitButton busy={form.busy} offline={form.offline}>
        {ex.submit}
      </SubmitButton>
      {sent && (
        <p class="notice notice-success" role="status">
          {sent}
        </p>
      )}
    </form>
  );
}
