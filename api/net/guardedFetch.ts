/**
 * Fetch a URL a user gave (a calendar's iCal address, a page to read) or their browser handed us (a
 * push service's endpoint) without letting it reach the server's own network: the URL is checked
 * (addressGuard.ts), the name is resolved and *every* address it resolves to is checked, and the
 * connection is made to the address that was checked (the resolver is this module's, so a name
 * cannot answer one address to the check and another to the connection). A GET follows each
 * redirect, checked the same way, at most 5 of them; a POST follows none (its body is not sent
 * anywhere it was not meant for). The answer's body is cut off past `maxBytes` and the whole fetch
 * past `timeoutMs`. Plain node:http(s): no redirect, no resolution, no connection happens that was
 * not checked here.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { whyAddressRefused, whyUrlRefused, type GuardRules } from './addressGuard';

export const GUARDED_MAX_BYTES = 5 * 1024 * 1024;
export const GUARDED_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 5;

export class GuardedFetchError extends Error {
  override name = 'GuardedFetchError';
  constructor(
    message: string,
    /**
     * refused: the address may not be fetched; failed: it could not be (network, status, time);
     * too-large: its answer was over the size allowed.
     */
    readonly kind: 'refused' | 'failed' | 'too-large',
    readonly status?: number,
  ) {
    super(message);
  }
}

/** How a name becomes addresses: the system's resolver, or a test's stand-in for one. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

export interface GuardedFetchOptions extends GuardRules {
  /** GET by default. A POST sends `body` and follows no redirect: its answer is returned as it is. */
  method?: 'GET' | 'POST';
  /** What a POST sends (its length is sent as Content-Length). */
  body?: Uint8Array;
  /** The answer's body is cut off past this many bytes. */
  maxBytes?: number;
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** The resolver (tests give a name that answers a loopback address); the system's by default. */
  resolve?: Resolve;
}

export interface GuardedResponse {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** The URL answered last (after redirects). */
  url: string;
}

/** A resolver that answers only checked addresses, and refuses the name when any is not allowed. */
function checkedLookup(rules: GuardRules, resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    const answer = callback as unknown as (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void;
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.map((a) => whyAddressRefused(a.address, rules)).find(Boolean);
        if (refused || addresses.length === 0)
          return answer(
            Object.assign(new Error(refused ?? 'The name has no address.'), {
              code: 'EREFUSED_ADDR',
            }),
            '',
          );
        if (options.all) return answer(null, addresses);
        answer(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => answer(error, ''),
    );
  };
}

/** One request, no redirect followed: the status, headers and (bounded) body. */
function fetchOnce(
  url: URL,
  options: GuardedFetchOptions,
  deadline: number,
): Promise<GuardedResponse> {
  const maxBytes = options.maxBytes ?? GUARDED_MAX_BYTES;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const body = options.method === 'POST' ? (options.body ?? new Uint8Array()) : undefined;
  return new Promise((resolve, reject) => {
    const left = deadline - Date.now();
    if (left <= 0)
      return reject(new GuardedFetchError('The address took too long to answer.', 'failed'));
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        headers: {
          'user-agent': 'Pitchpad',
          accept: '*/*',
          ...(body ? { 'content-length': String(body.byteLength) } : {}),
          ...options.headers,
        },
        lookup: checkedLookup(options, options.resolve ?? systemResolve),
        timeout: left,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            req.destroy(
              new GuardedFetchError(
                `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`,
                'too-large',
              ),
            );
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            url: url.toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    const timer = setTimeout(
      () => req.destroy(new GuardedFetchError('The address took too long to answer.', 'failed')),
      left,
    );
    req.on('close', () => clearTimeout(timer));
    req.on('timeout', () =>
      req.destroy(new GuardedFetchError('The address took too long to answer.', 'failed')),
    );
    req.on('error', (error: Error & { code?: string }) => {
      if (error instanceof GuardedFetchError) return reject(error);
      if (error.code === 'EREFUSED_ADDR')
        return reject(new GuardedFetchError(error.message, 'refused'));
      reject(new GuardedFetchError('The address could not be reached.', 'failed'));
    });
    req.end(body);
  });
}

/** Fetch `url` under the guard (a GET following checked redirects). Throws GuardedFetchError. */
export async function guardedFetch(
  url: string,
  options: GuardedFetchOptions,
): Promise<GuardedResponse> {
  const deadline = Date.now() + (options.timeoutMs ?? GUARDED_TIMEOUT_MS);
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const refused = whyUrlRefused(current, options);
    if (refused) throw new GuardedFetchError(refused, 'refused');
    const answer = await fetchOnce(new URL(current), options, deadline);
    const location = answer.headers.location;
    if (options.method === 'POST') return answer;
    if (answer.status >= 300 && answer.status < 400 && location) {
      current = new URL(location, current).toString();
      continue;
    }
    return answer;
  }
  throw new GuardedFetchError('The address redirects too many times.', 'failed');
}
