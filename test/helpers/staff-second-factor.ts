import { generate } from 'otplib';

/** What the helper needs of an HTTP client that keeps its cookies (multi-instance Client, a bench's fetch wrapper). */
export type SendJson = (method: string, path: string, json: unknown) => Promise<{ status: number; body: unknown }>;

/**
 * Raises a staff member's session against a running server the way a person does it (STAFF_SECOND_FACTOR=required):
 * TOTP set up with the password, confirmed with a code computed here; the confirmation raises the session for 12
 * hours, and the client's cookie jar keeps the new session cookie. Returns the TOTP secret for later step-ups.
 */
export async function raiseStaffSession(send: SendJson, password: string, nowMs = Date.now()): Promise<string> {
  const setup = await send('POST', '/api/me/totp', { password });
  if (setup.status !== 200) throw new Error(`TOTP setup answered ${setup.status}`);
  const { secret } = setup.body as { secret: string };
  const confirmed = await send('POST', '/api/me/totp/confirm', { code: await generate({ secret, epoch: Math.floor(nowMs / 1000) }) });
  if (confirmed.status !== 200) throw new Error(`TOTP confirm answered ${confirmed.status}`);
  return secret;
}
