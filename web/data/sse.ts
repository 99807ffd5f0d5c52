/**
 * Reading a Server-Sent Events body from fetch. EventSource cannot POST or send the CSRF header, so
 * the chat stream is a POST whose body we parse here, following the WHATWG event-stream rules.
 */
import { OfflineError } from './api';

export interface ServerEvent {
  /** The `event:` field; 'message' when the server named none. */
  event: string;
  /** The `data:` lines joined with newlines. */
  data: string;
}

/**
 * A push parser: feed it text chunks as they arrive (split anywhere, even inside a line) and it calls
 * `onEvent` for every complete event. Comment lines (`: ping`) and unknown fields are ignored.
 */
export function createSseParser(onEvent: (event: ServerEvent) => void) {
  let buffer = '';
  let event = '';
  let data: string[] = [];

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n') });
    event = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };

  return {
    push(chunk: string) {
      buffer += chunk;
      // A lone '\r' at the end may be the first half of '\r\n': wait for the next chunk.
      const pattern = /\r\n|\n|\r(?!$)/g;
      let start = 0;
      for (let match = pattern.exec(buffer); match; match = pattern.exec(buffer)) {
        line(buffer.slice(start, match.index));
        start = match.index + match[0].length;
      }
      buffer = buffer.slice(start);
    },
    /**
     * The body ended: an event without its closing blank line is incomplete and is dropped (as the
     * server-sent events standard says).
     */
    end() {
      // A CR held back in case an LF followed was a line end after all.
      if (buffer.endsWith('\r')) line(buffer.slice(0, -1));
      buffer = '';
      event = '';
      data = [];
    },
  };
}

/**
 * Reads `response`'s body to the end, calling `onEvent` for each event. A connection that drops
 * mid-body rejects with OfflineError; an abort through `signal` rejects with the abort's error.
 */
export async function readEventStream(
  response: Response,
  onEvent: (event: ServerEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  if (!response.body) throw new OfflineError(new Error('The response has no body'));
  // Decoded by hand rather than through a TextDecoderStream: a pipe that errors may drop text it had
  // already received, and the words that arrived before a drop are worth keeping.
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser(onEvent);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? error;
    throw new OfflineError(error);
  } finally {
    reader.releaseLock();
  }
}
