/**
 * Reading an answer from a server the operator named (a model server, a search engine) with plain
 * fetch: why a connection failed, in words a person uses, and the body read up to a limit.
 */

/** Why a connection failed, in a few words: the system's error code, as a person says it. */
export function connectionDetail(err: unknown): string {
  let cause: unknown = err;
  for (let i = 0; i < 4 && cause && typeof cause === 'object'; i++) {
    const code = (cause as { code?: unknown }).code;
    if (code === 'ECONNREFUSED') return 'connection refused';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'no server has that name';
    if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'the connection was dropped';
    if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'that network cannot be reached';
    if (typeof code === 'string' && /CERT|SSL|TLS/.test(code))
      return 'its certificate is not trusted';
    cause = (cause as { cause?: unknown }).cause;
  }
  return 'no connection';
}

export class TooLarge extends Error {}

/** The body of `res` as text, at most `limit` bytes (TooLarge past it); the fetch's signal bounds the wait. */
export async function readCapped(res: Response, limit: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new TooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
