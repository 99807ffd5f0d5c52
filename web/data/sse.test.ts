import { describe, expect, it } from 'vitest';
import { OfflineError } from './api';
import { createSseParser, readEventStream, type ServerEvent } from './sse';

function parse(...chunks: string[]): ServerEvent[] {
  const events: ServerEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  chunks.forEach((chunk) => parser.push(chunk));
  parser.end();
  return events;
}

describe('the event-stream parser', () => {
  it('reads named events with JSON data, as the chat API sends them', () => {
    expect(
      parse('event: start\ndata: {"replyId":7}\n\nevent: delta\ndata: {"text":"Hi"}\n\n'),
    ).toEqual([
      { event: 'start', data: '{"replyId":7}' },
      { event: 'delta', data: '{"text":"Hi"}' },
    ]);
  });

  it('copes with chunks split anywhere, even inside a line or a CRLF', () => {
    const text = 'event: delta\r\ndata: {"text":" world"}\r\n\r\n';
    for (let cut = 1; cut < text.length; cut++) {
      expect(parse(text.slice(0, cut), text.slice(cut))).toEqual([
        { event: 'delta', data: '{"text":" world"}' },
      ]);
    }
  });

  it('skips comments (the heartbeat) and joins multi-line data', () => {
    expect(parse(': ping\n\ndata: line one\ndata: line two\n\n')).toEqual([
      { event: 'message', data: 'line one\nline two' },
    ]);
  });

  it('drops an event the stream cut off before its blank line', () => {
    expect(parse('event: done\ndata: {"message":{}}\n', 'event: delta\ndata: {"te')).toEqual([]);
  });

  it('keeps a value without the optional space, and lone CR line ends', () => {
    expect(parse('event:delta\rdata:{"text":"x"}\r\r')).toEqual([
      { event: 'delta', data: '{"text":"x"}' },
    ]);
  });
});

describe('reading a response', () => {
  const encoder = new TextEncoder();

  it('calls back for each event until the body ends', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('event: delta\ndata: {"text":"a"}\n\nevent: del'));
        controller.enqueue(encoder.encode('ta\ndata: {"text":"b"}\n\n'));
        controller.close();
      },
    });
    const seen: string[] = [];
    await readEventStream(new Response(body), (e) => seen.push(e.data));
    expect(seen).toEqual(['{"text":"a"}', '{"text":"b"}']);
  });

  it('turns a dropped connection into OfflineError, after passing on what arrived', async () => {
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulls++ === 0)
          controller.enqueue(encoder.encode('event: delta\ndata: {"text":"a"}\n\n'));
        else controller.error(new TypeError('network error'));
      },
    });
    const seen: string[] = [];
    await expect(
      readEventStream(new Response(body), (e) => seen.push(e.data)),
    ).rejects.toBeInstanceOf(OfflineError);
    expect(seen).toEqual(['{"text":"a"}']);
  });
});
