import { describe, expect, it } from 'vitest';
import type { PitchpadDb } from '../db';
import { combineQueuedWork, type OtherWork } from './registry';

const db = {} as PitchpadDb;
const deliver = async () => ({ kind: 'delivered' as const });

describe('the registry of queued work, combined from every feature', () => {
  it("hands the features' other work over in the order they were combined in, and says a retry is due if any part says so", async () => {
    const handed: string[] = [];
    const other = (name: string, left: 'settled' | 'retry'): OtherWork => ({
      has: async () => name === 'history',
      push: async () => {
        handed.push(name);
        return left;
      },
    });
    const work = combineQueuedWork(
      { other: other('history', 'retry') },
      { handlers: { 'test-kind': { deliver } } },
      { other: other('edits', 'settled') },
    );
    expect(await work.other.push(db)).toBe('retry');
    expect(handed).toEqual(['history', 'edits']);
    expect(await work.other.has(db)).toBe(true);
    expect(Object.keys(work.handlers)).toEqual(['test-kind']);
  });

  it('refuses two features claiming one kind of work', () => {
    expect(() =>
      combineQueuedWork(
        { handlers: { 'test-kind': { deliver } } },
        { handlers: { 'test-kind': { deliver } } },
      ),
    ).toThrow("Two handlers for the outbox kind 'test-kind'.");
  });

  it('with no other work: none waits, and nothing is left', async () => {
    const work = combineQueuedWork({ handlers: { 'test-kind': { deliver } } });
    expect(await work.other.has(db)).toBe(false);
    expect(await work.other.push(db)).toBe('settled');
  });
});
