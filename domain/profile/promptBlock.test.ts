import { describe, expect, it } from 'vitest';
import { kitPromptBlock, profilePromptBlock, profileValuesOf } from './promptBlock';

describe('the profile block a model call carries', () => {
  it('lists the filled fields with their labels, and says tone and language as instructions', () => {
    expect(
      profilePromptBlock({
        company: 'Freightly',
        pricing: '$49 a seat',
        tone: 'direct',
        language: 'German',
      }),
    ).toBe(
      [
        "The user's company, from their profile (use it; do not ask for what it says):",
        '- Company: Freightly',
        '- Pricing: $49 a seat',
        '',
        'Write in a direct tone. Write in German.',
      ].join('\n'),
    );
  });

  it('is empty for an empty profile; blanks and replaced edits are left out', () => {
    expect(profilePromptBlock({})).toBe('');
    const values = profileValuesOf({
      company: { value: '', editedAt: '2026-01-01T00:00:00.000Z' },
      product: {
        value: 'Dock scheduling',
        editedAt: '2026-01-01T00:00:00.000Z',
        replaced: { value: 'Old pitch', editedAt: '2025-12-31T00:00:00.000Z' },
      },
    });
    expect(values).toEqual({ product: 'Dock scheduling' });
    expect(profilePromptBlock(values)).not.toContain('Old pitch');
    expect(profilePromptBlock(values)).not.toContain('Company');
  });
});

describe('the kit excerpts a chat reply is written with', () => {
  it('numbers the passages with their file name and page, and asks for citations', () => {
    const block = kitPromptBlock([
      { fileName: 'deck.pdf', page: 3, text: 'We cut wait times by 40%.' },
      { fileName: 'notes.md', page: null, text: 'Pricing: $49.' },
    ]);
    expect(block).toContain('cite each one you use as [1], [2]');
    expect(block).toContain('[1] deck.pdf, p. 3\nWe cut wait times by 40%.');
    expect(block).toContain('[2] notes.md\nPricing: $49.');
    expect(kitPromptBlock([])).toBe('');
  });
});
