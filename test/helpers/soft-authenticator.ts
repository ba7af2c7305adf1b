import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey for the API tests: an ES256 key made with node:crypto, 'none' attestation, user verified.
 * `register` answers creation options like navigator.credentials.create, `assert` request options like .get;
 * `counter` is the signature counter the next assertion reports (set it back to test a cloned key).
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  readonly #keys: { privateKey: KeyObject; publicKey: KeyObject } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  counter = 0;

  constructor(
    readonly origin: string,
    readonly rpId = new URL(origin).hostname,
  ) {}

  get id(): string {
    return this.credentialId.toString('base64url');
  }

  #authData(flags: number, attested?: Buffer): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([createHash('sha256').update(this.rpId).digest(), Buffer.from([flags]), counter, attested ?? Buffer.alloc(0)]);
  }

  #clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  register(options: { challenge: string }) {
    const jwk = this.#keys.publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, Buffer.from(cose)]);
    const authData = this.#authData(0x01 | 0x04 | 0x40, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: this.#clientData('webauthn.create', options.challenge).toString('base64url'),
        attestationObject: Buffer.from(attestationObject).toString('base64url'),
        transports: ['internal'],
      },
    };
  }

  /** An assertion for `options.challenge`; `forge` signs with another key (a forged answer). */
  assert(options: { challenge: string }, how: { forge?: boolean } = {}) {
    this.counter += 1;
    const authData = this.#authData(0x01 | 0x04);
    const clientData = this.#clientData('webauthn.get', options.challenge);
    const key = how.forge ? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey : this.#keys.privateKey;
    const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientData).digest()]), key);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: clientData.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: Buffer.from('user').toString('base64url'),
      },
    };
  }
}
