/**
 * A compact full-text index for the phone: terms to the documents holding them, in typed arrays,
 * ranked by BM25+. It answers what the device search asks (every clause matched, each clause a few
 * exact terms or word starts, some terms excluded) and nothing more, which lets it be small and
 * fast where a general library is neither on a phone with 20,000 messages:
 *
 * - Building touches each word once: a word's term id comes from one map lookup and its count
 *   from a scratch array; no object per word, per match or per document but the document's id.
 * - A search visits only the postings of the terms it names, adding each document's score into a
 *   typed array and counting the clauses it met; the best `limit` are kept in a small heap, never
 *   sorting every match ('pri' as typed matches thousands of messages).
 * - Saved, it is a few typed arrays and two lists of strings: IndexedDB stores and loads them with
 *   no JSON, and a loaded index is searchable at once (its postings are used where they lie).
 *
 * Each document also keeps its words' term ids in order (stop words too, with no postings), so a
 * quoted phrase is matched here, word for word, rather than by reading every candidate's text.
 *
 * Documents are numbered by slot. Removing or replacing one leaves its old slot dead (skipped by a
 * search) until `compact`, which saves and loads the index again: live slots renumbered, terms
 * sorted (a word start is then a binary search), postings in one array.
 */

/** One clause of a query: a document matches it by holding any of these terms or word starts. */
export interface Clause {
  terms: readonly string[];
  prefixes: readonly string[];
}

/** Words in this order, each position matched as a clause is (a typed word's start, say). */
export type Phrase = readonly Clause[];

export interface IndexQuery {
  /** Every clause must match. */
  all: readonly Clause[];
  /** No document holding one of these terms matches. */
  none: readonly string[];
  /** Every phrase must stand in the document's words. */
  phrases?: readonly Phrase[];
  /** No document where one of these phrases stands matches. */
  nonePhrases?: readonly Phrase[];
}

/** A document's words as the index takes them (domain/search/query.ts's indexWords). */
export interface DocumentWords {
  words: readonly string[];
  /** Which words are stop words: in the order, without postings. */
  stop: readonly boolean[];
  /** Terms indexed besides the words, not in their order (an address's parts). */
  parts: readonly string[];
}

/** A match: the document's id and what was stored with it, and its rank (higher is better). */
export interface IndexHit {
  id: string;
  at: number | null;
  chat: string | null;
  rank: number;
}

export interface SearchOptions {
  limit: number;
  /** Keep a matched document? Asked only of documents that match every clause. */
  filter?: (id: string, at: number | null, chat: string | null) => boolean;
  /** The rank from the text's score and the document's time (default: the score). */
  rank?: (score: number, at: number | null) => number;
}

/** What `save` gives and `load` takes: structured-cloneable, stored as it is in IndexedDB. */
export interface SavedTermIndex {
  ids: string[];
  /** Per document: its time in ms (NaN: none), its chat (an index into `chats`, -1: none), its length in terms. */
  at: Float64Array;
  chat: Int32Array;
  length: Uint32Array;
  chats: string[];
  /** Sorted. */
  terms: string[];
  /** Document d's words, as term ids, are words[wordStarts[d] .. wordStarts[d + 1]). */
  wordStarts: Uint32Array;
  words: Uint32Array;
  /** Term t's postings are docs[starts[t] .. starts[t + 1]), with their counts in `counts`. */
  starts: Uint32Array;
  docs: Uint32Array;
  counts: Uint16Array;
}

// BM25+'s constants, as MiniSearch sets them: the added D keeps a long message that holds the word
// from ranking below a short one that does not say much more.
const K1 = 1.2;
const B = 0.7;
const D = 0.5;
/** A word start's weight against the whole word, as MiniSearch weighs it: lower as more is left. */
const PREFIX_WEIGHT = 0.375;

export class TermIndex {
  // Documents, by slot.
  private ids: string[] = [];
  private slotOf = new Map<string, number>();
  private alive = new Uint8Array(1024);
  private at = new Float64Array(1024);
  private chat = new Int32Array(1024);
  private length = new Uint32Array(1024);
  private chats: string[] = [];
  private chatOf = new Map<string, number>();
  private liveCount = 0;
  private liveLength = 0;

  // Terms: those loaded (sorted, with postings in the arrays below) and those added since.
  private termOf = new Map<string, number>();
  private terms: string[] = [];
  private sortedCount = 0;
  private baseStarts: Uint32Array = new Uint32Array(1);
  private baseDocs: Uint32Array = new Uint32Array(0);
  private baseCounts: Uint16Array = new Uint16Array(0);
  // Postings added since the load: one chain per term through these arrays (no array per term).
  private addedSlot = new Uint32Array(4096);
  private addedCount = new Uint16Array(4096);
  private addedNext = new Int32Array(4096);
  private addedUsed = 0;
  /** Per term: its chain's first and last posting (-1: none), and how many it has. */
  private head = new Int32Array(1024).fill(-1);
  private tail = new Int32Array(1024).fill(-1);
  private chainLength = new Uint32Array(1024);

  // Each document's words as term ids: loaded ones in one array, added ones each their own.
  private baseWordStarts: Uint32Array = new Uint32Array(1);
  private baseWords: Uint32Array = new Uint32Array(0);
  /** Added documents' words, by slot less `baseCount` (the slots loaded). */
  private addedWords: Uint32Array[] = [];
  private baseCount = 0;

  // Scratch space, reused by every add and search.
  private countOfTerm = new Uint32Array(1024);
  private score = new Float32Array(1024);
  private met = new Uint16Array(1024);

  /** Documents indexed (live ones). */
  get size(): number {
    return this.liveCount;
  }

  /** Slots taken by documents removed or replaced since the last compaction. */
  get deadCount(): number {
    return this.ids.length - this.liveCount;
  }

  /** Terms added since the last compaction (looked through one by one for word starts). */
  get unsortedTerms(): number {
    return this.terms.length - this.sortedCount;
  }

  has(id: string): boolean {
    return this.slotOf.has(id);
  }

  /** Index a document's words, replacing any of that id. */
  add(id: string, document: DocumentWords, at: number | null, chat: string | null): void {
    this.remove(id);
    const { words, stop, parts } = document;
    const slot = this.ids.length;
    this.ensureSlots(slot + 1);
    this.ids.push(id);
    this.slotOf.set(id, slot);
    this.alive[slot] = 1;
    this.at[slot] = at ?? Number.NaN;
    this.chat[slot] = chat === null ? -1 : this.chatIndex(chat);
    // Count each term's occurrences in a scratch array, then write one posting per distinct term.
    const seen: number[] = [];
    const order = new Uint32Array(words.length);
    let length = 0;
    const count = (t: number) => {
      if (this.countOfTerm[t] === 0) seen.push(t);
      this.countOfTerm[t]!++;
      length++;
    };
    for (let i = 0; i < words.length; i++) {
      const t = this.termIndex(words[i]!);
      order[i] = t;
      if (!stop[i]) count(t);
    }
    for (const part of parts) count(this.termIndex(part));
    this.addedWords[slot - this.baseCount] = order;
    this.length[slot] = length;
    this.liveCount++;
    this.liveLength += length;
    for (const t of seen) {
      this.addPosting(t, slot, Math.min(this.countOfTerm[t]!, 0xffff));
      this.countOfTerm[t] = 0;
    }
  }

  remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.alive[slot] = 0;
    if (slot >= this.baseCount) this.addedWords[slot - this.baseCount] = NO_WORDS;
    this.liveCount--;
    this.liveLength -= this.length[slot]!;
  }

  /** The best `limit` documents matching the query, best first. */
  search(query: IndexQuery, options: SearchOptions): IndexHit[] {
    if (query.all.length === 0 || options.limit <= 0) return [];
    const clauses = query.all.map((clause) => this.postingsOf(clause));
    // The rarest clause first: only the documents it finds are followed through the others.
    clauses.sort((a, b) => a.size - b.size);
    if (clauses[0]!.size === 0) return [];
    this.ensureScratch();
    const { score, met, alive } = this;
    const candidates: number[] = [];
    const total = Math.max(1, this.liveCount);
    const averageLength = this.liveLength / total || 1;
    const { baseStarts, baseDocs, baseCounts, addedSlot, addedCount, addedNext, length } = this;
    clauses.forEach((clause, k) => {
      for (const [t, weight] of clause.terms) {
        // Dead slots count in a term's postings until compaction: never more than the live total.
        const df = Math.min(clause.df(t), total);
        const idf = weight * Math.log(1 + (total - df + 0.5) / (df + 0.5));
        // Each posting of the term, loaded then added (eachPosting, written out: this is the loop
        // a keystroke spends its time in).
        let i = t < this.sortedCount ? baseStarts[t]! : 0;
        const end = t < this.sortedCount ? baseStarts[t + 1]! : 0;
        for (let p = this.head[t]!; i < end || p >= 0;) {
          let slot: number;
          let count: number;
          if (i < end) {
            slot = baseDocs[i]!;
            count = baseCounts[i++]!;
          } else {
            slot = addedSlot[p]!;
            count = addedCount[p]!;
            p = addedNext[p]!;
          }
          if (!alive[slot]) continue;
          const was = met[slot]!;
          // Met the clauses before this one (or, in this clause, through another of its terms).
          if (was !== k && was !== k + 1) continue;
          if (was === k) {
            met[slot] = k + 1;
            if (k === 0) candidates.push(slot);
          }
          const norm = K1 * (1 - B + (B * length[slot]!) / averageLength);
          score[slot]! += idf * (D + (count * (K1 + 1)) / (count + norm));
        }
      }
    });
    // Excluded terms take their documents out.
    for (const term of query.none) {
      const t = this.termOf.get(term);
      if (t !== undefined) this.eachPosting(t, (slot) => void (met[slot] = 0));
    }
    // Phrases are looked for in the words of the documents that met every clause.
    const phrases = (query.phrases ?? []).map((phrase) => this.positionsOf(phrase));
    const nonePhrases = (query.nonePhrases ?? []).map((phrase) => this.positionsOf(phrase));
    // A phrase with a word no document holds: nothing can match (every candidate is cleared below).
    const impossible = phrases.includes(null);
    const heap = new TopK(options.limit);
    const wanted = clauses.length;
    const withPhrases = phrases.length > 0 || nonePhrases.length > 0;
    for (const slot of candidates) {
      if (
        met[slot] === wanted &&
        !impossible &&
        (!withPhrases ||
          (phrases.every((phrase) => this.holds(slot, phrase!)) &&
            !nonePhrases.some((phrase) => phrase !== null && this.holds(slot, phrase))))
      ) {
        const at = Number.isNaN(this.at[slot]!) ? null : this.at[slot]!;
        const chat = this.chat[slot]! < 0 ? null : this.chats[this.chat[slot]!]!;
        if (!options.filter || options.filter(this.ids[slot]!, at, chat)) {
          const rank = options.rank ? options.rank(score[slot]!, at) : score[slot]!;
          heap.offer(slot, rank);
        }
      }
      met[slot] = 0;
      score[slot] = 0;
    }
    return heap.sorted().map(([slot, rank]) => {
      const at = this.at[slot]!;
      const chat = this.chat[slot]!;
      return {
        id: this.ids[slot]!,
        at: Number.isNaN(at) ? null : at,
        chat: chat < 0 ? null : this.chats[chat]!,
        rank,
      };
    });
  }

  /**
   * The term ids each word of a phrase may be (one id, or the set a word start gives); null when
   * one may be none (it is in no document).
   */
  private positionsOf(phrase: Phrase): Position[] | null {
    const positions: Position[] = [];
    for (const clause of phrase) {
      const ids = new Set<number>();
      for (const term of clause.terms) {
        const t = this.termOf.get(term);
        if (t !== undefined) ids.add(t);
      }
      for (const prefix of clause.prefixes) this.eachTermStartingWith(prefix, (t) => ids.add(t));
      if (ids.size === 0) return null;
      positions.push(ids.size === 1 ? ids.values().next().value! : ids);
    }
    return positions;
  }

  /** Whether the phrase stands in the document's words. */
  private holds(slot: number, positions: readonly Position[]): boolean {
    const words = this.wordsOf(slot);
    const n = positions.length;
    const first = positions[0]!;
    for (let i = 0; i + n <= words.length; i++) {
      if (!isAt(first, words[i]!)) continue;
      let j = 1;
      while (j < n && isAt(positions[j]!, words[i + j]!)) j++;
      if (j === n) return true;
    }
    return false;
  }

  private wordsOf(slot: number): Uint32Array {
    return slot < this.baseCount
      ? this.baseWords.subarray(this.baseWordStarts[slot]!, this.baseWordStarts[slot + 1]!)
      : this.addedWords[slot - this.baseCount]!;
  }

  /** The index as arrays to store: live documents only, terms sorted, postings in one array. */
  save(): SavedTermIndex {
    // Live slots renumbered in order.
    const renumber = new Int32Array(this.ids.length).fill(-1);
    const ids: string[] = [];
    for (let slot = 0; slot < this.ids.length; slot++)
      if (this.alive[slot]) {
        renumber[slot] = ids.length;
        ids.push(this.ids[slot]!);
      }
    const n = ids.length;
    const at = new Float64Array(n);
    const chat = new Int32Array(n);
    const length = new Uint32Array(n);
    const chats: string[] = [];
    const chatRenumber = new Map<number, number>();
    for (let slot = 0; slot < this.ids.length; slot++) {
      const to = renumber[slot]!;
      if (to < 0) continue;
      at[to] = this.at[slot]!;
      length[to] = this.length[slot]!;
      const c = this.chat[slot]!;
      if (c < 0) chat[to] = -1;
      else {
        let mapped = chatRenumber.get(c);
        if (mapped === undefined) {
          mapped = chats.length;
          chats.push(this.chats[c]!);
          chatRenumber.set(c, mapped);
        }
        chat[to] = mapped;
      }
    }
    // The terms kept: those a live document holds, indexed or among its words (a stop word).
    const kept = new Uint8Array(this.terms.length);
    let wordCount = 0;
    for (let slot = 0; slot < this.ids.length; slot++) {
      if (renumber[slot]! < 0) continue;
      const words = this.wordsOf(slot);
      wordCount += words.length;
      for (const t of words) kept[t] = 1;
    }
    for (let t = 0; t < this.terms.length; t++)
      if (!kept[t]) this.eachPosting(t, (slot) => void (renumber[slot]! >= 0 && (kept[t] = 1)));
    // Sorted in code-unit order (the default sort's), so a word start is a binary search.
    const terms = this.terms.filter((_, t) => kept[t]).toSorted();
    const termRenumber = new Uint32Array(this.terms.length);
    terms.forEach((term, to) => (termRenumber[this.termOf.get(term)!] = to));
    let total = 0;
    for (let t = 0; t < this.terms.length; t++) if (kept[t]) total += this.postingCount(t);
    const starts = new Uint32Array(terms.length + 1);
    const docs = new Uint32Array(total);
    const counts = new Uint16Array(total);
    let filled = 0;
    terms.forEach((term, to) => {
      this.eachPosting(this.termOf.get(term)!, (slot, count) => {
        const doc = renumber[slot]!;
        if (doc >= 0) {
          docs[filled] = doc;
          counts[filled++] = count;
        }
      });
      starts[to + 1] = filled;
    });
    const wordStarts = new Uint32Array(n + 1);
    const words = new Uint32Array(wordCount);
    let written = 0;
    for (let slot = 0; slot < this.ids.length; slot++) {
      const doc = renumber[slot]!;
      if (doc < 0) continue;
      for (const t of this.wordsOf(slot)) words[written++] = termRenumber[t]!;
      wordStarts[doc + 1] = written;
    }
    return {
      ids,
      at,
      chat,
      length,
      chats,
      terms,
      starts,
      docs: docs.slice(0, filled),
      counts: counts.slice(0, filled),
      wordStarts,
      words,
    };
  }

  /** An index from saved arrays, searchable at once. Throws on arrays that do not fit together. */
  static load(saved: SavedTermIndex): TermIndex {
    const index = new TermIndex();
    const n = saved.ids.length;
    if (
      saved.at.length !== n ||
      saved.chat.length !== n ||
      saved.length.length !== n ||
      saved.starts.length !== saved.terms.length + 1 ||
      saved.starts[saved.terms.length] !== saved.docs.length ||
      saved.counts.length !== saved.docs.length ||
      saved.wordStarts.length !== n + 1 ||
      saved.wordStarts[n] !== saved.words.length
    )
      throw new Error('The saved search index is not whole');
    index.ids = saved.ids.slice();
    index.ensureSlots(n);
    index.alive.fill(1, 0, n);
    index.at.set(saved.at);
    index.chat.set(saved.chat);
    index.length.set(saved.length);
    for (let slot = 0; slot < n; slot++) {
      index.slotOf.set(saved.ids[slot]!, slot);
      index.liveLength += saved.length[slot]!;
    }
    index.liveCount = n;
    index.chats = saved.chats.slice();
    saved.chats.forEach((chat, i) => index.chatOf.set(chat, i));
    index.terms = saved.terms.slice();
    saved.terms.forEach((term, t) => index.termOf.set(term, t));
    index.growTerms(saved.terms.length);
    index.sortedCount = saved.terms.length;
    index.baseStarts = saved.starts;
    index.baseDocs = saved.docs;
    index.baseCounts = saved.counts;
    index.baseWordStarts = saved.wordStarts;
    index.baseWords = saved.words;
    index.baseCount = n;
    return index;
  }

  /** The same index, dead slots dropped and every term sorted. */
  compact(): TermIndex {
    return TermIndex.load(this.save());
  }

  private chatIndex(chat: string): number {
    let c = this.chatOf.get(chat);
    if (c === undefined) {
      c = this.chats.length;
      this.chats.push(chat);
      this.chatOf.set(chat, c);
    }
    return c;
  }

  private termIndex(term: string): number {
    let t = this.termOf.get(term);
    if (t === undefined) {
      t = this.terms.length;
      this.terms.push(term);
      this.termOf.set(term, t);
      this.growTerms(t + 1);
    }
    return t;
  }

  private growTerms(count: number): void {
    if (count <= this.head.length) return;
    const size = Math.max(count, this.head.length * 2);
    const from = this.head.length;
    this.countOfTerm = grow(this.countOfTerm, size);
    this.head = grow(this.head, size);
    this.head.fill(-1, from);
    this.tail = grow(this.tail, size);
    this.tail.fill(-1, from);
    this.chainLength = grow(this.chainLength, size);
  }

  private addPosting(t: number, slot: number, count: number): void {
    const p = this.addedUsed++;
    if (p >= this.addedSlot.length) {
      const size = this.addedSlot.length * 2;
      this.addedSlot = grow(this.addedSlot, size);
      this.addedCount = grow(this.addedCount, size);
      this.addedNext = grow(this.addedNext, size);
    }
    this.addedSlot[p] = slot;
    this.addedCount[p] = count;
    this.addedNext[p] = -1;
    if (this.tail[t]! < 0) this.head[t] = p;
    else this.addedNext[this.tail[t]!] = p;
    this.tail[t] = p;
    this.chainLength[t]!++;
  }

  private eachPosting(t: number, visit: (slot: number, count: number) => void): void {
    if (t < this.sortedCount) {
      const { baseDocs, baseCounts } = this;
      for (let i = this.baseStarts[t]!, end = this.baseStarts[t + 1]!; i < end; i++)
        visit(baseDocs[i]!, baseCounts[i]!);
    }
    const { addedSlot, addedCount, addedNext } = this;
    for (let p = this.head[t]!; p >= 0; p = addedNext[p]!) visit(addedSlot[p]!, addedCount[p]!);
  }

  private postingCount(t: number): number {
    const base = t < this.sortedCount ? this.baseStarts[t + 1]! - this.baseStarts[t]! : 0;
    return base + this.chainLength[t]!;
  }

  /** A clause's terms with their weights (a term met both whole and as a start counts once, whole). */
  private postingsOf(clause: Clause): {
    terms: Map<number, number>;
    size: number;
    df: (t: number) => number;
  } {
    const terms = new Map<number, number>();
    for (const term of clause.terms) {
      const t = this.termOf.get(term);
      if (t !== undefined) terms.set(t, 1);
    }
    for (const prefix of clause.prefixes)
      this.eachTermStartingWith(prefix, (t) => {
        const length = this.terms[t]!.length;
        const weight =
          length === prefix.length
            ? 1
            : (PREFIX_WEIGHT * prefix.length) / (prefix.length + 0.3 * (length - prefix.length));
        if ((terms.get(t) ?? 0) < weight) terms.set(t, weight);
      });
    let size = 0;
    for (const t of terms.keys()) size += this.postingCount(t);
    // A term's document frequency, for its idf: its postings (dead slots count until compaction).
    return { terms, size, df: (t) => this.postingCount(t) };
  }

  private eachTermStartingWith(prefix: string, visit: (t: number) => void): void {
    // Sorted terms: the run that starts with the prefix, found by binary search.
    let low = 0;
    let high = this.sortedCount;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compare(this.terms[mid]!, prefix) < 0) low = mid + 1;
      else high = mid;
    }
    for (let t = low; t < this.sortedCount && this.terms[t]!.startsWith(prefix); t++) visit(t);
    // Terms added since: looked through one by one (a compaction sorts them in).
    for (let t = this.sortedCount; t < this.terms.length; t++)
      if (this.terms[t]!.startsWith(prefix)) visit(t);
  }

  private ensureSlots(count: number): void {
    if (count <= this.alive.length) return;
    const size = Math.max(count, this.alive.length * 2);
    this.alive = grow(this.alive, size);
    this.at = grow(this.at, size);
    this.chat = grow(this.chat, size);
    this.length = grow(this.length, size);
  }

  private ensureScratch(): void {
    if (this.score.length >= this.ids.length) return;
    const size = Math.max(this.ids.length, this.score.length * 2);
    this.score = new Float32Array(size);
    this.met = new Uint16Array(size);
  }
}

const NO_WORDS = new Uint32Array(0);

/** A word of a phrase: the one term id it must be, or the ids it may be. */
type Position = number | ReadonlySet<number>;

const isAt = (position: Position, t: number) =>
  typeof position === 'number' ? position === t : position.has(t);

/** Code-unit order, the same wherever it runs (a locale's order would break the binary search). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type TypedArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array;

function grow<T extends TypedArray>(array: T, size: number): T {
  const bigger = new (array.constructor as new (size: number) => T)(size);
  bigger.set(array as never);
  return bigger;
}

/** The `k` best of what it is offered: a min-heap of slots by rank. */
class TopK {
  private slots: number[] = [];
  private ranks: number[] = [];

  constructor(private readonly k: number) {}

  offer(slot: number, rank: number): void {
    const { slots, ranks } = this;
    if (slots.length < this.k) {
      slots.push(slot);
      ranks.push(rank);
      this.up(slots.length - 1);
    } else if (rank > ranks[0]!) {
      slots[0] = slot;
      ranks[0] = rank;
      this.down(0);
    }
  }

  /** Best first; ties in the order offered. */
  sorted(): [number, number][] {
    return this.slots
      .map((slot, i) => [slot, this.ranks[i]!] as [number, number])
      .toSorted((a, b) => b[1] - a[1] || a[0] - b[0]);
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.ranks[parent]! <= this.ranks[i]!) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    const n = this.slots.length;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < n && this.ranks[left]! < this.ranks[least]!) least = left;
      if (right < n && this.ranks[right]! < this.ranks[least]!) least = right;
      if (least === i) return;
      this.swap(i, least);
      i = least;
    }
  }

  private swap(a: number, b: number): void {
    const { slots, ranks } = this;
    const slot = slots[a]!;
    slots[a] = slots[b]!;
    slots[b] = slot;
    const rank = ranks[a]!;
    ranks[a] = ranks[b]!;
    ranks[b] = rank;
  }
}
