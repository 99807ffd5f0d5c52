/**
 * Client-generated ids: chats and sends get a UUID v7 here, so a chat started offline
 * keeps its id and a replayed send is recognised by the server. v7 ids sort by creation time.
 */

/** A UUID v7 (RFC 9562): 48 bits of Unix milliseconds, then random bits, with version and variant set. */
export function uuidv7(now = Date.now()): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  // Big-endian milliseconds in the first 6 bytes. Division, not bit shifts: JS shifts are 32-bit.
  let ms = now;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = 0x70 | (bytes[6]! & 0x0f); // version 7
  bytes[8] = 0x80 | (bytes[8]! & 0x3f); // variant 10xx
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/**
 * A sales-kit file's id (domain/contract/kit.ts KIT_FILE_ID): 21 characters of 64, as nanoid makes
 * them (126 random bits). A uuid does not fit the server's rule.
 */
export function fileId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(21));
  return Array.from(bytes, (b) => URL_SAFE[b & 63]).join('');
}
