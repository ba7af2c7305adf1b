import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { api, type BodyOf } from '../../../core/api.js';
import type { CurrentUser } from '../../../core/session.js';

/** The data module of sign-in security (passkeys, TOTP, step-up); the WebAuthn browser part loads on first use. */

export interface SecondFactorStatus {
  totp: boolean;
  recovery_codes_left: number;
  passkeys: number;
  raised_until: string | null;
  staff_second_factor: 'required' | 'off';
}
export interface PasskeyItem {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}
export interface SecurityEvent {
  id: number;
  kind: string;
  method: string | null;
  device: string;
  created_at: string;
}

const webauthn = () => import('@simplewebauthn/browser');

export const secondFactorStatus = () => api.GET('/api/me/second-factor');

/** Whether this session may use the staff routes now. */
export const staffCleared = (s: SecondFactorStatus) => s.staff_second_factor === 'off' || (s.raised_until !== null && Date.parse(s.raised_until) > Date.now());

export async function addPasskey(password: string, name: string): Promise<PasskeyItem> {
  const { startRegistration } = await webauthn();
  const options = await api.POST('/api/me/passkeys/options', { body: { password } });
  const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  return api.POST('/api/me/passkeys', {
    body: { response: response as unknown as BodyOf<'/api/me/passkeys', 'post'>['response'], ...(name.trim() ? { name: name.trim() } : {}) },
  });
}

/** A passkey login (or a step-up of this account's session): the browser offers the passkeys it holds. */
export async function signInWithPasskey(autofill = false): Promise<CurrentUser> {
  const { startAuthentication, browserSupportsWebAuthnAutofill } = await webauthn();
  if (autofill && !(await browserSupportsWebAuthnAutofill())) throw new Error('no autofill');
  const options = await api.POST('/api/auth/passkey/options');
  const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON, useBrowserAutofill: autofill });
  return api.POST('/api/auth/passkey', { body: { response: response as unknown as BodyOf<'/api/auth/passkey', 'post'>['response'] } });
}

export const stepUp = (code: string) => api.POST('/api/auth/step-up', { body: { code } });
export const startTotp = (password: string) => api.POST('/api/me/totp', { body: { password } });
export const confirmTotp = (code: string) => api.POST('/api/me/totp/confirm', { body: { code } });
export const secondStepLogin = (code: string) => api.POST('/api/auth/login/second-factor', { body: { code } });
