import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * TOTP secrets at rest: AES-256-GCM with a key derived from JWT_SECRET, so a copy of the database alone (a backup, a
 * dump) does not give away the codes. Changing JWT_SECRET therefore also switches every TOTP off (docs/operations.md).
 */
const keyOf = (jwtSecret: string) => createHmac('sha256', jwtSecret).update('pfotenbuch totp secret v1').digest();

export function sealSecret(jwtSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(jwtSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.');
}

/** The secret, or undefined when it was sealed under another key (JWT_SECRET changed) or is damaged. */
export function openSecret(jwtSecret: string, sealed: string): string | undefined {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(jwtSecret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
