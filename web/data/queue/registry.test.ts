import { describe, expect, it } from 'vitest';
import type { PitchpadDb } from '../db';
import { combineQueuedWork, type OtherWork } from './registry';

const db = {} as PitchpadDb;
const deliver = async () => ({ kind: 'delivered' as const });

describe('the registry of queued work, combined from every feature', () => {
  it("hands the features' other work over in the order they were combined in, and says a retry is due if any part says so", async () => {
    const handed: string[] = [];
    const other = (name: string, left: 'settled' | 'retry', due: number | null): OtherWork => ({
      has: async () => name === 'plans',
      push: async () => {
        handed.push(name);
        return left;
      },
      dueAt: async () => due,
    });
    const work = combineQueuedWork(
      { other: other('history', 'settled', null) },
      { other: other('plans', 'retry', 2000) },
      { handlers: { 'test-kind': { deliver } } },
      { other: other('edits', 'settled', 1000) },
    );
    expect(await work.other.push(db)).toBe('retry');
    expect(handed).toEqual(['history', 'plans', 'edits']);
    expect(await work.other.has(db)).toBe(true);
    expect(await work.other.dueAt(db)).toBe(1000);
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

  it('with no other work: none waits, nothing is due, and nothing is left', async () => {
    const work = combineQueuedWork({ handlers: { 'test-kind': { deliver } } });
    expect(await work.other.has(db)).toBe(false);
    expect(await work.other.dueAt(db)).toBeNull();
    expect(await work.other.push(db)).toBe('settled');
  });
});
