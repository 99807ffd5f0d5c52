// A fake Web Push service on loopback, as a browser's push service (FCM, Mozilla's, Apple's) takes a
// message, written from the standards rather than from our sender:
//  - RFC 8030 (the protocol): POST to the subscription's endpoint, a TTL header required, Urgency and
//    Topic read, 201 Created with the message's Location; 404 for an endpoint it never made, 410 for
//    one that is gone (the rep revoked it), 413 for a body over 4,096 bytes.
//  - RFC 8292 (VAPID): `Authorization: vapid t=<JWT>, k=<public key>`; the JWT is ES256-signed by k,
//    its `aud` is the endpoint's origin, `exp` is in the future and at most 24 hours ahead, `sub` is
//    there. A subscription made with an applicationServerKey takes only messages signed by that key.
//  - RFC 8291 (message encryption, aes128gcm as RFC 8188 frames it): the body is decrypted with the
//    subscription's private key and auth secret, which `newSubscription()` makes as a browser does.
// What it took is in `received`; what it refused, with why, in `refused`.
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What `PushSubscription.toJSON()` gives in a browser (less its expiration time). */
export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A message the fake took for a subscription. */
export interface ReceivedPush {
  endpoint: string;
  /** The decrypted body, parsed as JSON (the text itself when it is not JSON). */
  payload: unknown;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID JWT's claims and key, as checked. */
  vapid: { sub: string; aud: string; exp: number; k: string };
}

export interface RefusedPush {
  endpoint: string;
  status: number;
  reason: string;
}

export interface FakePushService {
  /** Where it listens (endpoints are under `origin`, the same unless given another). */
  url: string;
  /** A browser's subscription: a P-256 key pair and a 16-byte auth secret, made here as a browser makes them. */
  newSubscription(options?: { applicationServerKey?: string }): FakeSubscription;
  /** From now on the subscription at `endpoint` answers 410 Gone (the rep revoked it). */
  gone(endpoint: string): void;
  received: ReceivedPush[];
  refused: RefusedPush[];
  /** Connections made to it so far (a refused address must make none). */
  readonly connections: number;
  /** Resolves with `received` once it holds `count` messages; rejects after `timeoutMs` saying what was refused. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

/** RFC 8030: a push service may refuse a body over 4,096 bytes (413). */
const MAX_BODY_BYTES = 4096;
/** RFC 8292: an `exp` more than 24 hours ahead is refused. */
const MAX_EXP_SECONDS = 24 * 60 * 60;

interface Keys {
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
  applicationServerKey?: string;
  gone: boolean;
}

const b64 = (bytes: Buffer) => bytes.toString('base64url');

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () =>
      size > limit
        ? reject(new Refusal(413, `the body is ${size} bytes, over ${limit}`))
        : resolve(Buffer.concat(chunks)),
    );
    req.on('error', reject);
  });
}

/** The `vapid t=…, k=…` header checked as RFC 8292 says; answers the claims and key. */
function checkVapid(
  authorization: string | undefined,
  origin: string,
  keys: Keys,
): ReceivedPush['vapid'] {
  const scheme = /^vapid\s+(.+)$/i.exec(authorization ?? '');
  if (!scheme) throw new Refusal(401, 'no `Authorization: vapid t=…, k=…` header');
  const params = new Map(
    scheme[1]!.split(',').map((part) => {
      const eq = part.indexOf('=');
      return [part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim()] as const;
    }),
  );
  const token = params.get('t');
  const k = params.get('k');
  if (!token || !k) throw new Refusal(401, 'the vapid header lacks t or k');
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4)
    throw new Refusal(401, 'k is not an uncompressed P-256 public key');
  const [head, body, signature, ...rest] = token.split('.');
  if (!head || !body || !signature || rest.length) throw new Refusal(401, 't is not a JWT');
  const { alg } = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
  if (alg !== 'ES256') throw new Refusal(401, `the JWT is signed with ${alg}, not ES256`);
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Refusal(401, 'the JWT’s signature does not match k');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
    aud?: unknown;
    exp?: unknown;
    sub?: unknown;
  };
  const now = Math.floor(Date.now() / 1000);
  if (claims.aud !== origin)
    throw new Refusal(401, `the JWT's aud is ${String(claims.aud)}, not ${origin}`);
  if (typeof claims.exp !== 'number' || claims.exp <= now)
    throw new Refusal(401, 'the JWT has expired (or has no exp)');
  if (claims.exp > now + MAX_EXP_SECONDS)
    throw new Refusal(401, 'the JWT expires more than 24 hours ahead');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub))
    throw new Refusal(401, 'the JWT has no sub (a mailto: or https: contact)');
  // A browser that subscribed with an applicationServerKey takes messages signed by that key only.
  if (keys.applicationServerKey && keys.applicationServerKey !== k)
    throw new Refusal(403, 'k is not the key this subscription was made with');
  return { sub: claims.sub, aud: claims.aud, exp: claims.exp, k };
}

/** RFC 8188's info for the content key and the nonce. */
const contentInfo = (label: string) => Buffer.from(`Content-Encoding: ${label}\0`);

/** An aes128gcm body (RFC 8188 framing, RFC 8291 keys) decrypted as the browser does it. */
function decrypt(body: Buffer, keys: Keys): Buffer {
  if (body.length < 21) throw new Refusal(400, 'the body is too short for an aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (idLength !== 65 || senderKey[0] !== 4)
    throw new Refusal(400, 'the key id is not the sender’s P-256 public key');
  if (records.length > recordSize)
    throw new Refusal(400, 'a push message is one record, and this body holds more');
  const secret = keys.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    keys.publicKey,
    Buffer.from(senderKey),
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, contentInfo('aes128gcm'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, contentInfo('nonce'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  let plain: Buffer;
  try {
    plain = Buffer.concat([
      decipher.update(records.subarray(0, records.length - 16)),
      decipher.final(),
    ]);
  } catch {
    throw new Refusal(400, 'the body does not decrypt with this subscription’s keys');
  }
  // The last record: the data, the delimiter 0x02, then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Refusal(400, 'the record has no last-record delimiter (0x02)');
  return plain.subarray(0, end);
}

/**
 * Starts the fake on 127.0.0.1 (`port`, any free one by default). `origin`: the address endpoints are
 * given under, when the fake sits behind a proxy (tests/fakes/push-server.ts); where it listens by default.
 */
export async function startFakePushService(
  options: { port?: number; origin?: string } = {},
): Promise<FakePushService> {
  const subscriptions = new Map<string, Keys>();
  const received: ReceivedPush[] = [];
  const refused: RefusedPush[] = [];
  const waiters = new Set<() => void>();
  const sockets = new Set<Socket>();
  let connections = 0;
  let messages = 0;

  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    const id = /^\/push\/([\w-]+)$/.exec(path)?.[1];
    const endpoint = `${origin}${path}`;
    void (async () => {
      if (req.method !== 'POST') throw new Refusal(405, `${req.method} is not a push`);
      const keys = id ? subscriptions.get(id) : undefined;
      if (!keys) throw new Refusal(404, 'no such subscription');
      if (keys.gone) throw new Refusal(410, 'the subscription is gone');
      const vapid = checkVapid(req.headers.authorization, origin, keys);
      const ttlHeader = req.headers.ttl;
      if (typeof ttlHeader !== 'string' || !/^\d+$/.test(ttlHeader))
        throw new Refusal(400, 'no TTL header (a whole number of seconds)');
      const body = await readBody(req, MAX_BODY_BYTES);
      if (req.headers['content-encoding'] !== 'aes128gcm')
        throw new Refusal(
          415,
          `Content-Encoding ${req.headers['content-encoding']}, not aes128gcm`,
        );
      const text = decrypt(body, keys).toString('utf8');
      let payload: unknown = text;
      try {
        payload = JSON.parse(text);
      } catch {
        // Not JSON: kept as the text it is.
      }
      const header = (name: string) => {
        const value = req.headers[name];
        return typeof value === 'string' ? value : null;
      };
      received.push({
        endpoint,
        payload,
        ttl: Number(ttlHeader),
        urgency: header('urgency'),
        topic: header('topic'),
        vapid,
      });
      waiters.forEach((wake) => wake());
      res.writeHead(201, { location: `${origin}/message/${++messages}` }).end();
    })().catch((error: unknown) => {
      const status = error instanceof Refusal ? error.status : 500;
      const reason = error instanceof Error ? error.message : String(error);
      refused.push({ endpoint, status, reason });
      waiters.forEach((wake) => wake());
      req.resume();
      if (!res.headersSent) res.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
    });
  });
  server.on('connection', (socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const origin = options.origin?.replace(/\/+$/, '') ?? url;

  return {
    url,
    received,
    refused,
    get connections() {
      return connections;
    },
    newSubscription({ applicationServerKey } = {}) {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(16).toString('base64url');
      subscriptions.set(id, { ecdh, publicKey, auth, applicationServerKey, gone: false });
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: b64(publicKey), auth: b64(auth) },
      };
    },
    gone(endpoint) {
      const id = endpoint.slice(endpoint.lastIndexOf('/') + 1);
      const keys = subscriptions.get(id);
      if (!keys) throw new Error(`The fake push service made no subscription at ${endpoint}`);
      keys.gone = true;
    },
    waitFor(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          cleanUp();
          resolve(received);
        };
        const timer = setTimeout(() => {
          cleanUp();
          reject(
            new Error(
              `The fake push service took ${received.length} of ${count} messages; refused: ${JSON.stringify(refused)}`,
            ),
          );
        }, timeoutMs);
        const cleanUp = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
