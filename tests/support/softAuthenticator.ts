// A software passkey authenticator for API tests: it makes real ES256 credentials with node:crypto
// and answers registration ('none' attestation) and authentication as a phone's authenticator
// would, so the real @simplewebauthn/server checks every byte. Faults (another origin, another
// challenge, another user handle) are the test's to ask for.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** A CBOR item's first bytes: its major type and length. */
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

/** The few CBOR shapes an attestation needs: unsigned/negative integers, bytes, text and maps. */
function cbor(value: unknown): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Map)
    return Buffer.concat([
      head(5, value.size),
      ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)]),
    ]);
  throw new Error(`cbor: cannot encode ${typeof value}`);
}

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  rpID: string;
  userHandle: string;
  signCount: number;
}

/** What the server's options hold that the authenticator reads. */
interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export interface Fault {
  /** The origin the 'browser' writes into clientDataJSON (default: the authenticator's own). */
  origin?: string;
  /** Sign this challenge instead of the server's. */
  challenge?: string;
  /** The account the authenticator names (default: the credential's own). */
  userHandle?: string;
  /** Answer without user verification (no Face ID / PIN). */
  unverified?: boolean;
  /** create(): make the new credential under this id (one the authenticator used before). */
  credentialId?: Buffer;
}

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  /** `origin`: the site the browser is on, e.g. http://127.0.0.1:1234. */
  constructor(readonly origin: string) {}

  private authData(rpID: string, flags: number, signCount: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(signCount);
    return Buffer.concat([
      sha256(rpID),
      Buffer.from([flags]),
      count,
      ...(attested ? [attested] : []),
    ]);
  }

  private clientData(type: string, challenge: string, fault: Fault): Buffer {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge: fault.challenge ?? challenge,
        origin: fault.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
  }

  /** navigator.credentials.create(): a new passkey for the options' user, as startRegistration() answers. */
  create(options: CreationOptions, fault: Fault = {}) {
    const rpID = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = cbor(
      new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = fault.credentialId ?? randomBytes(16);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, coseKey]);
    const flags = 0x01 | (fault.unverified ? 0 : 0x04) | 0x40; // UP, UV, AT
    const authData = this.authData(rpID, flags, 0, attested);
    this.credentials.push({
      id,
      privateKey,
      publicKey,
      rpID,
      userHandle: options.user.id,
      signCount: 0,
    });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, fault)),
        attestationObject: b64url(
          cbor(
            new Map<string, unknown>([
              ['fmt', 'none'],
              ['attStmt', new Map()],
              ['authData', authData],
            ]),
          ),
        ),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /**
   * navigator.credentials.get(): the passkey `credentialId` (default: the newest) signs the
   * options' challenge, as startAuthentication() answers.
   */
  get(options: RequestOptions, credentialId?: string, fault: Fault = {}) {
    const credential = credentialId
      ? this.credentials.find((c) => b64url(c.id) === credentialId)
      : this.credentials.at(-1);
    if (!credential) throw new Error('no such credential on this authenticator');
    credential.signCount += 1;
    const flags = 0x01 | (fault.unverified ? 0 : 0x04);
    const authData = this.authData(options.rpId ?? credential.rpID, flags, credential.signCount);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, fault);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: fault.userHandle ?? credential.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}
