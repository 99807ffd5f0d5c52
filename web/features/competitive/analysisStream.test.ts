import { describe, expect, it, vi } from 'vitest';
import { AnalysisError, fetchCompetitorAnalysis, namesSoFar } from './analysisStream';

const ANALYSIS = {
  topic: 'Team chat',
  summary: 'Crowded.',
  competitors: [
    {
      name: 'Slack',
      logo_url: '',
      description: 'Chat',
      strengths: ['Ecosystem'],
      weaknesses: ['Price'],
      pricing: '$8',
      target_customers: 'Teams',
    },
    {
      name: 'Teams',
      logo_url: '',
      description: 'Microsoft',
      strengths: ['Bundled'],
      weaknesses: ['Clunky'],
      pricing: 'Bundled',
      target_customers: 'Enterprise',
    },
  ],
  comparison_matrix: [
    {
      category: 'Price',
      description: 'Cost',
      Slack: { score: 5, notes: 'ok' },
      Teams: { score: 8, notes: 'cheap' },
    },
  ],
  insights: ['Bundling wins'],
};

/** A response whose body arrives in these chunks, then ends or breaks. */
function streamed(chunks: string[], end: 'close' | 'cut' = 'close'): Response {
  const encoder = new TextEncoder();
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(encoder.encode(chunks[i++]!));
      else if (end === 'close') controller.close();
      else controller.error(new TypeError('network error'));
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'text/plain' } });
}

const split = (text: string, size: number) =>
  Array.from({ length: Math.ceil(text.length / size) }, (_, k) =>
    text.slice(k * size, (k + 1) * size),
  );

describe('the streamed competitor analysis', () => {
  it('reads the text chunk by chunk, reports the names seen so far, and parses it once complete', async () => {
    const text = JSON.stringify(ANALYSIS, null, 1);
    const progress = vi.fn();
    const analysis = await fetchCompetitorAnalysis(
      { stream: async () => streamed(split(text, 40)) },
      'team chat',
      progress,
    );
    expect(analysis.competitors.map((c) => c.name)).toEqual(['Slack', 'Teams']);
    expect(progress.mock.calls.length).toBeGreaterThan(5);
    expect(progress.mock.calls.some(([p]) => p.names.length === 1 && p.names[0] === 'Slack')).toBe(
      true,
    );
    expect(progress.mock.calls.at(-1)?.[0]).toEqual({
      received: text.length,
      names: ['Slack', 'Teams'],
    });
  });

  it('fails when the stream is cut, even after the text has become whole-looking JSON', async () => {
    const text = JSON.stringify(ANALYSIS);
    await expect(
      fetchCompetitorAnalysis(
        { stream: async () => streamed(split(text, 50).slice(0, 3), 'cut') },
        'x',
        () => {},
      ),
    ).rejects.toThrow('network error');
    await expect(
      fetchCompetitorAnalysis({ stream: async () => streamed([text], 'cut') }, 'x', () => {}),
    ).rejects.toThrow('network error');
  });

  it('fails when the finished text is not a complete analysis', async () => {
    await expect(
      fetchCompetitorAnalysis(
        { stream: async () => streamed(['{"topic": "x", "competitors": [']) },
        'x',
        () => {},
      ),
    ).rejects.toBeInstanceOf(AnalysisError);
    await expect(
      fetchCompetitorAnalysis({ stream: async () => new Response(null) }, 'x', () => {}),
    ).rejects.toThrow('Response body is not readable');
  });

  it('finds names only inside the competitors list', () => {
    expect(namesSoFar('{"topic":"x","competitors":[{"name":"A\\"1"},{"name": "B"')).toEqual([
      'A"1',
      'B',
    ]);
    expect(namesSoFar('{"topic":"x"')).toEqual([]);
    expect(
      namesSoFar('{"competitors":[{"name":"A"}],"comparison_matrix":[{"name":"nope"}]'),
    ).toEqual(['A']);
  });
});
