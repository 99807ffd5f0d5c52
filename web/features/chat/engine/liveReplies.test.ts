import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAW_SHARE, liveReplies, STREAM_UPDATE_MS } from './liveReplies';

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

/** One draw that takes `cost` ms of the page's time; answers how long until the next frame is asked. */
const nextDrawAfter = (cost: number): number => {
  const unsubscribe = liveReplies.subscribe(() => vi.advanceTimersByTime(cost));
  liveReplies.update('r1', `text after a ${cost} ms draw`);
  runFrames();
  unsubscribe();
  // Measured once the frame is painted (a task queued from the draw).
  vi.advanceTimersByTime(0);
  liveReplies.update('r1', `more text after a ${cost} ms draw`);
  let waited = 0;
  while (frames.length === 0 && waited < 5000) {
    vi.advanceTimersByTime(10);
    waited += 10;
  }
  return waited + cost;
};

describe('the pace of the draws', () => {
  it('waits longer after a costly draw, so drawing keeps to a small share of the page', () => {
    start();
    // A quick draw: the fastest pace.
    expect(nextDrawAfter(2)).toBeLessThanOrEqual(STREAM_UPDATE_MS + 10);
    // A 40 ms draw (a slow phone): the next one waits DRAW_SHARE times as long from its start.
    const after40 = nextDrawAfter(40);
    expect(after40).toBeGreaterThanOrEqual(DRAW_SHARE * 40 - 10);
    expect(after40).toBeLessThanOrEqual(DRAW_SHARE * 40 + 10);
    // A slow phone's 40 ms draw: about two updates a second, the drawing under a tenth of its time.
    expect(after40).toBeGreaterThan(400);
    expect(after40).toBeLessThan(600);
    // However slow, the words still move once a second.
    expect(nextDrawAfter(200)).toBeLessThanOrEqual(1000 + 10);
  });
});
