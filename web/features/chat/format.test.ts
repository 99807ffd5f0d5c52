import { describe, expect, it } from 'vitest';
import { chatTitleFrom } from '../../../domain/limits';
import { modelGroupHeading, modelLabel, relativeTime, sidebarTitle } from './format';

describe('sidebar titles', () => {
  const title = 'Write a cold email to the head of sales';

  it('cut at 30 characters on desktop and 25 on phones, with ...', () => {
    expect(sidebarTitle(title, true)).toBe('Write a cold email to the head...');
    expect(sidebarTitle(title, false)).toBe('Write a cold email to the...');
  });

  it('stay whole when short enough', () => {
    expect(sidebarTitle('Pricing ideas', false)).toBe('Pricing ideas');
    expect(sidebarTitle('x'.repeat(25), false)).toBe('x'.repeat(25));
    expect(sidebarTitle('x'.repeat(30), true)).toBe('x'.repeat(30));
  });
});

describe('new chat titles', () => {
  it('are the first 50 characters, then ... when longer', () => {
    const long =
      'Write a cold email to the head of sales at a logistics company about route planning';
    expect(chatTitleFrom(long)).toBe(`${long.slice(0, 50)}...`);
    expect(chatTitleFrom('  How do I price   this?  ')).toBe('How do I price this?');
  });
});

describe('relative time', () => {
  const now = Date.parse('2026-03-05T15:07:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it('counts minutes, hours, days and weeks', () => {
    expect(relativeTime(ago(20_000), now)).toBe('just now');
    expect(relativeTime(ago(5 * 60_000), now)).toBe('5 min ago');
    expect(relativeTime(ago(60 * 60_000), now)).toBe('1 hour ago');
    expect(relativeTime(ago(3 * 60 * 60_000), now)).toBe('3 hours ago');
    expect(relativeTime(ago(2 * 24 * 60 * 60_000), now)).toBe('2 days ago');
    expect(relativeTime(ago(14 * 24 * 60 * 60_000), now)).toBe('2 weeks ago');
  });

  it('shows the date for anything older than a month', () => {
    expect(relativeTime('2026-01-02T12:00:00Z', now)).toBe('Jan 2');
    expect(relativeTime('2024-03-05T12:00:00Z', now)).toBe('Mar 5, 2024');
  });

  it('treats a clock slightly ahead as just now', () => {
    expect(relativeTime(new Date(now + 5_000).toISOString(), now)).toBe('just now');
  });
});

describe('model names', () => {
  it('uppercases GPT names and labels the offline drafter', () => {
    expect(modelLabel('gpt-4o')).toBe('GPT-4O');
    expect(modelLabel('gpt-4o-mini')).toBe('GPT-4O-MINI');
    expect(modelLabel('offline-drafter', 'Offline drafter')).toBe('Offline drafter');
    expect(modelLabel('llama3.1:8b', 'llama3.1:8b')).toBe('llama3.1:8b');
  });

  it("heads the openai group 'OpenAI GPT-4o'", () => {
    expect(modelGroupHeading('openai')).toBe('OpenAI GPT-4o');
  });
});
