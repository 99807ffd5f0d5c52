import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { readFrames } from '../../prerender/frameStorage';
import { removeFrame } from '../../prerender/frameTakeover';
import { useKeepFrame } from './useKeepFrame';

const ADDRESS = '/chat?chat=c1';

/** The page as the app draws a chat: the build's entry script, and #root with a message in it. */
function drawChat(text: string): HTMLElement {
  document.head.innerHTML = '<script type="module" src="/assets/index-abc123.js"></script>';
  document.body.innerHTML = `<div id="root"><p class="message__bubble">${text}</p></div>`;
  return document.getElementById('root')!;
}

const keptText = () => readFrames()?.frames[ADDRESS]?.html ?? '';

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  window.history.replaceState(null, '', ADDRESS);
});
afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

it('copies the chat once it has been still a moment', () => {
  drawChat('Per seat suits teams');
  renderHook(() => useKeepFrame(true, ['one']));
  expect(keptText()).toBe('');
  vi.advanceTimersByTime(1500);
  expect(keptText()).toContain('Per seat suits teams');
});

it("after starting from this chat's frame, copies again only on a change or when the app is hidden", () => {
  const root = drawChat('Per seat suits teams');
  // The app takes over the frame the shell painted for this address.
  const host = document.createElement('div');
  document.body.append(host);
  removeFrame(
    {
      copy: { html: '', styles: [], width: 390, savedAt: 0 },
      host,
      root: host.attachShadow({ mode: 'open' }),
      tap: null,
    },
    root,
  );

  const { rerender } = renderHook(({ shown }) => useKeepFrame(true, shown), {
    initialProps: { shown: ['one'] },
  });
  vi.advanceTimersByTime(5000);
  // What the screen first drew is what the frame it started from showed: no copy made.
  expect(keptText()).toBe('');

  root.innerHTML = '<p class="message__bubble">Annual billing wins</p>';
  rerender({ shown: ['two'] });
  vi.advanceTimersByTime(1500);
  expect(keptText()).toContain('Annual billing wins');

  root.innerHTML = '<p class="message__bubble">Typed, then hidden</p>';
  window.dispatchEvent(new Event('pagehide'));
  expect(keptText()).toContain('Typed, then hidden');
});
