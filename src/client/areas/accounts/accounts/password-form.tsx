import { useState } from 'preact/hooks';
import { api } from '../../../core/api.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { NewPasswordField } from './new-password-field.js';
import { accountsTexts } from './texts.js';

/** POST /api/me/password: this device stays logged in, every other session ends. */
export function PasswordForm({ email }: { email: string }) {
  const [done, setDone] = useState(false);
  const form = useForm(
    { current_password: '', new_password: '' },
    {
      rules: { current_password: { required: true }, new_password: { required: true, minLength: 8, maxLength: 128 } },
      codeFields: { wrong_password: 'current_password' },
    },
  );
  const submit = form.onSubmit(async (values) => {
    setDone(false);
    await api.POST('/api/me/password', { body: values });
    form.setValues({ current_password: '', new_password: '' });
    setDone(true);
  });
  return (
    <form class="card form" ref={form.formRef} onSubmit={submit} noValidate aria-labelledby="password-title">
      <h2 id="password-title">{accountsTexts.profile.password}</h2>
      <p class="muted">{accountsTexts.profile.passwordIntro}</p>
      <FormSummary message={form.summary} />
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field form={form} name="current_password" label={accountsTexts.profile.currentPassword} type="password" autoComplete="current-password" required />
      <NewPasswordField form={form} name="new_password" label={accountsTexts.profile.newPassword} hint={accountsTexts.profile.newPasswordHint} />
      <SubmitButton busy={form.busy} offline={form.offline}>
        {accountsTexts.profile.passwordSubmit}
      </SubmitButton>
      {done && (
        <p class="notice notice-success" role="status">
          {accountsTexts.profile.passwordChanged}
        </p>
      )}
    </form>
  );
}
