import { describe, expect, it } from 'vitest';
import { TermIndex, type DocumentWords, type IndexQuery } from './termIndex';

const STOP = new Set(['the', 'of', 'a', 'to', 'with', 'for', 'about']);
/** A text's words as the index takes them: split at spaces, a few stop words marked. */
function words(text: string): DocumentWords {
  const list = text.toLowerCase().split(/\s+/).filter(Boolean);
  return { words: list, stop: list.map((word) => STOP.has(word)), parts: [] };
}
const term = (t: string) => ({ terms: [t], prefixes: [] });
const start = (p: string) => ({ terms: [], prefixes: [p] });
const ids = (index: TermIndex, query: IndexQuery, limit = 10) =>
  index.search(query, { limit }).map((hit) => hit.id);

function sample(): TermIndex {
  const index = new TermIndex();
  index.add('a', words('pricing call with freightly about the depot'), 1_000, 'chat-1');
  index.add('b', words('price list sent to globex'), 2_000, 'chat-2');
  index.add('c', words('freightly freightly freightly renewal'), 3_000, null);
  index.add('d', words('onboarding webinar for freightly'), null, 'chat-1');
  return index;
}

describe('the phone’s term index', () => {
  it('finds the documents holding every clause, the one saying it most often or in fewest words first', () => {
    const index = sample();
    expect(ids(index, { all: [term('freightly')], none: [] })).toEqual(['c', 'd', 'a']);
    expect(ids(index, { all: [term('freightly'), term('depot')], none: [] })).toEqual(['a']);
    expect(ids(index, { all: [term('freightly'), term('globex')], none: [] })).toEqual([]);
    expect(ids(index, { all: [term('nowhere')], none: [] })).toEqual([]);
  });

  it('matches the start of a word, the whole word ranking above a longer one', () => {
    const index = sample();
    expect(ids(index, { all: [start('pric')], none: [] }).toSorted()).toEqual(['a', 'b']);
    const both = new TermIndex();
    both.add('long', words('prices'), null, null);
    both.add('whole', words('price'), null, null);
    expect(ids(both, { all: [{ terms: ['price'], prefixes: ['price'] }], none: [] })).toEqual([
      'whole',
      'long',
    ]);
  });

  it('leaves out documents holding an excluded term', () => {
    const index = sample();
    expect(ids(index, { all: [term('freightly')], none: ['webinar', 'renewal'] })).toEqual(['a']);
  });

  it('asks the filter only about full matches, and ranks by what `rank` makes of score and time', () => {
    const index = sample();
    const asked: string[] = [];
    const hits = index.search(
      { all: [term('freightly')], none: [] },
      {
        limit: 10,
        filter: (id, at, chat) => {
          asked.push(id);
          return chat === 'chat-1' || at === 3_000;
        },
        rank: (_score, at) => at ?? 0,
      },
    );
    expect(asked.toSorted()).toEqual(['a', 'c', 'd']);
    expect(hits.map(({ id, at, chat }) => ({ id, at, chat }))).toEqual([
      { id: 'c', at: 3_000, chat: null },
      { id: 'a', at: 1_000, chat: 'chat-1' },
      { id: 'd', at: null, chat: 'chat-1' },
    ]);
  });

  it('keeps the best `limit` of many matches', () => {
    const index = new TermIndex();
    for (let i = 0; i < 500; i++) index.add(`m${i}`, words('quote'), i, null);
    const hits = index.search(
      { all: [term('quote')], none: [] },
      { limit: 3, rank: (_s, at) => at! },
    );
    expect(hits.map((hit) => hit.id)).toEqual(['m499', 'm498', 'm497']);
  });

  it('forgets a removed document and finds a replaced one by its new words only', () => {
    const index = sample();
    index.remove('a');
    index.add('b', words('contract sent to globex'), 2_500, 'chat-2');
    expect(index.has('a')).toBe(false);
    expect(index.size).toBe(3);
    expect(index.deadCount).toBe(2);
    expect(ids(index, { all: [term('depot')], none: [] })).toEqual([]);
    expect(ids(index, { all: [start('pric')], none: [] })).toEqual([]);
    expect(ids(index, { all: [term('contract')], none: [] })).toEqual(['b']);
  });

  it('finds the same after a save and a load, with dead slots and unsorted words gone', () => {
    const index = sample();
    index.remove('d');
    index.add('e', words('zeta alpha pricing'), 4_000, 'chat-3');
    const loaded = TermIndex.load(structuredClone(index.save()));
    expect(loaded.deadCount).toBe(0);
    expect(loaded.unsortedTerms).toBe(0);
    expect(loaded.size).toBe(4);
    for (const query of [
      { all: [term('freightly')], none: [] },
      { all: [start('pric')], none: [] },
      { all: [start('a')], none: ['zeta'] },
      { all: [term('onboarding')], none: [] },
    ])
      expect(ids(loaded, query)).toEqual(ids(index, query));
    // A loaded index takes new documents beside its loaded ones.
    loaded.add('f', words('pricing again'), 5_000, null);
    expect(ids(loaded, { all: [start('pric')], none: [] }).toSorted()).toEqual([
      'a',
      'b',
      'e',
      'f',
    ]);
    loaded.add('a', words('nothing left'), 1_000, null);
    expect(ids(loaded, { all: [start('pric')], none: [] }).toSorted()).toEqual(['b', 'e', 'f']);
  });

  it('finds a phrase only where its words stand in that order, stop words and all', () => {
    const index = new TermIndex();
    index.add('in-order', words('the cost of delay is high'), null, null);
    index.add('apart', words('delay the cost of the rollout'), null, null);
    index.add('other-word', words('the cost to delay'), null, null);
    const phrase = (...parts: string[]) => parts.map((part) => term(part));
    const search = (query: Omit<IndexQuery, 'all' | 'none'>) =>
      ids(index, { all: [term('cost'), term('delay')], none: [], ...query }).toSorted();
    expect(search({ phrases: [phrase('cost', 'of', 'delay')] })).toEqual(['in-order']);
    expect(search({ nonePhrases: [phrase('cost', 'of', 'delay')] })).toEqual([
      'apart',
      'other-word',
    ]);
    // The last word as it is typed: its start.
    expect(search({ phrases: [[term('cost'), term('of'), start('del')]] })).toEqual(['in-order']);
    expect(search({ phrases: [phrase('cost', 'of', 'nothing')] })).toEqual([]);
    // Kept through a save: the words go with the index.
    const loaded = TermIndex.load(index.save());
    expect(
      ids(loaded, {
        all: [term('cost'), term('delay')],
        none: [],
        phrases: [phrase('cost', 'to', 'delay')],
      }),
    ).toEqual(['other-word']);
  });

  it('keeps scores positive while replaced documents leave dead slots behind', () => {
    const index = new TermIndex();
    index.add('other', words('a quote for globex'), 1, null);
    for (let i = 0; i < 30; i++) index.add('streaming', words(`quote draft ${i}`), 2, null);
    const hits = index.search({ all: [term('quote')], none: [] }, { limit: 10 });
    expect(hits.map((hit) => hit.id).toSorted()).toEqual(['other', 'streaming']);
    expect(hits.every((hit) => hit.rank > 0)).toBe(true);
  });

  it('refuses saved arrays that do not fit together', () => {
    const saved = sample().save();
    expect(() => TermIndex.load({ ...saved, counts: saved.counts.slice(1) })).toThrow(
      'The saved search index is not whole',
    );
    expect(() => TermIndex.load({ ...saved, ids: saved.ids.slice(1) })).toThrow();
  });

  it('counts a word as often as it occurs, up to what a count holds', () => {
    const index = new TermIndex();
    index.add('many', words(Array.from({ length: 70_000 }, () => 'deal').join(' ')), null, null);
    index.add('one', words('deal other'), null, null);
    expect(ids(index, { all: [term('deal')], none: [] })).toEqual(['many', 'one']);
    expect(
      TermIndex.load(index.save()).search({ all: [term('deal')], none: [] }, { limit: 1 })[0]!.id,
    ).toBe('many');
  });
});
