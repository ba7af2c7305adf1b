import type { ComponentProps } from 'preact';
import { Field } from '../../../ui/form.js';

/**
 * A new password: the password manager's "new-password" slot and the server's 128-character cap, the same in
 * registration, the profile's change form and the reset link.
 */
export function NewPasswordField({ form, name, label, hint }: Pick<ComponentProps<typeof Field>, 'form' | 'name' | 'label' | 'hint'>) {
  return <Field form={form} name={name} label={label} hint={hint} type="password" autoComplete="new-password" maxLength={128} required />;
}
