import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveReplies, STREAM_UPDATE_MS } from './liveReplies';

/**
 * The page's animation frames, run by hand: a draw waits in `frames` until the test runs it. The
 * next draw is asked for no sooner than STREAM_UPDATE_MS after the last: the time passes first.
 */
let frames: Array<() => void> = [];
const runFrames = () => {
  vi.advanceTimersByTime(STREAM_UPDATE_MS);
  const due = frames;
  frames = [];
  due.forEach((draw) => draw());
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  frames = [];
  liveReplies.drawOnFrames((draw) => frames.push(draw));
});
afterEach(() => {
  liveReplies.end('r1');
  // As in the service worker: no screen, every change drawn at once.
  liveReplies.drawOnFrames((draw) => draw());
  vi.useRealTimers();
});

const start = () =>
  liveReplies.begin('r1', { chatId: 'c1', clientId: 'u1', controller: new AbortController() });

describe('a streaming reply between two draws', () => {
  it('renders the text as last drawn, and stores that text, until the next frame draws more', () => {
    start();
    liveReplies.update('r1', 'Three channels');
    // Nothing drawn yet: what is kept is all of it.
    expect(liveReplies.snapshot().get('r1')?.content).toBeNull();
    expect(liveReplies.textToKeep('r1', 'Three channels')).toBe('Three channels');

    runFrames();
    expect(liveReplies.snapshot().get('r1')?.content).toBe('Three channels');
    liveReplies.update('r1', 'Three channels for a dev tool');
    // A render now (the stored rows changed) still reads the drawn text, and the save keeps it.
    expect(liveReplies.snapshot().get('r1')?.content).toBe('Three channels');
    expect(liveReplies.textToKeep('r1', 'Three channels for a dev tool')).toBe('Three channels');

    runFrames();
    expect(liveReplies.snapshot().get('r1')?.content).toBe('Three channels for a dev tool');
  });

  it('stores all of it once the screen stops drawing (a hidden tab) or drew text the reply no longer starts with', () => {
    start();
    liveReplies.update('r1', 'Outline a launch');
    runFrames();
    liveReplies.update('r1', 'Outline a launch in three steps');
    // The reply started over (the server took it over): the drawn text is void.
    expect(liveReplies.textToKeep('r1', 'Now')).toBe('Now');
    // No frame for seconds: the tab is hidden, and nothing may wait on it.
    vi.advanceTimersByTime(5000);
    expect(liveReplies.textToKeep('r1', 'Outline a launch in three steps')).toBe(
      'Outline a launch in three steps',
    );
  });
});
