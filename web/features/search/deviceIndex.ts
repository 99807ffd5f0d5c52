/**
 * The search index of what this phone holds: messages (and edited emails), saved flows, debriefs
 * and the profile, searched with no signal. It runs in a Web Worker (searchIndex.worker.ts) or, with
 * none (tests), in the page; it never touches the DOM.
 *
 * The index: our own (termIndex.ts), after measuring three libraries on 20,000 messages of a busy
 * rep (tests/bench/searchCorpus.ts, 590 characters on average, the same folding for all):
 *   MiniSearch 7.2   Node: build 1.6 s, heap +68 MB, serialized 10–14 MB, a keystroke p95 6–7 ms.
 *                    In Chromium at 4× CPU, in the app: first build 18–24 s, start from the saved
 *                    index 3.8 s (JSON of 10 MB parsed), a keystroke p95 98–198 ms ('pric'
 *                    matches 8,000 messages and every match is scored into objects).
 *   FlexSearch 0.8   Node: build 4.8 s, heap +147 MB, serialized 60 MB (every prefix of every
 *                    word), p95 3 ms; no ranking but word position.
 *   Orama 3.1        Node: build 5.2 s, heap +150 MB, serialized 68 MB, p95 296 ms.
 * None came near a keystroke in 30 ms and a build in 2 s on a phone. termIndex.ts does only what
 * this search asks, in typed arrays: at 4× CPU a first build of 5 s (searchable as it goes), a start
 * of 0.3 s, a keystroke p95 of about 30 ms, quoted phrases matched in the index. `npm run
 * bench:web` prints the figures.
 *
 * Where it lives: the `searchIndex` table of the rep's own database (web/data/db.ts), so logout,
 * which deletes that database, deletes it too. One row holds the index's arrays and, per table
 * read, the version (`touchedAt` / `updatedAt`) of each row indexed and how far the table was read.
 *
 * Keeping it current without reading every chat at each start: each table is read by its time
 * index from where the last read got to (less SLACK_MS: a server answer merged into the database
 * carries the time its fetch began, not the time it was written), keys and times only; a row is
 * read only when its time differs from the one indexed. Rows deleted are found by counting: when a
 * table holds fewer rows than were indexed, its keys (not its rows) are compared. While running,
 * Dexie's change events (this page, other tabs, the service worker) start the same read.
 *
 * Results never show what is gone or changed: each hit's row is read again before it is shown and
 * the query is checked against its text as it is now (this is also how phrases and exclusions are
 * checked word for word).
 */
import { Dexie, type Table } from 'dexie';
import { plainText } from '../../../domain/coach/text';
import { PROFILE_FIELDS, type ProfileField } from '../../../domain/contract/profileFields';
import {
  messageHitKey,
  type SearchHit,
  type SearchKind,
  type SearchRange,
} from '../../../domain/contract/searchBasics';
import {
  MIN_PREFIX,
  findInRead,
  indexWords,
  isEmptyQuery,
  parseQuery,
  readText,
  stemWord,
  type ParsedQuery,
  type Phrase as ParsedPhrase,
  type ReadText,
  type Snippet,
} from '../../../domain/search/query';
import type {
  LocalChat,
  LocalMessage,
  LocalRecording,
  PitchpadDb,
  WorkflowRecord,
} from '../../data/db';
import { profileValues, readLocalProfile } from '../profile/profileStore';
import {
  TermIndex,
  type Clause,
  type IndexHit,
  type IndexQuery,
  type Phrase,
  type SavedTermIndex,
} from './termIndex';
import { nextTask } from '../../data/nextTask';

/** What the phone found, and whether its index had read every row (false during a first build). */
export interface DeviceResults {
  hits: SearchHit[];
  complete: boolean;
}

/** What the screen asks: the typed query, and the filters. */
export interface DeviceQuery {
  q: string;
  kinds?: SearchKind[];
  range?: SearchRange;
}

/**
 * Bump when what is indexed or how text is folded changes: a saved index of another format is
 * dropped and built again from the rows.
 */
const FORMAT = 3;
const SAVED_KEY = 'device';
/** How far back of the last read a table is read again (see the header). */
const SLACK_MS = 10 * 60_000;
/** How long a slice of indexing work runs before it lets a search (or the page) in. */
const SLICE_MS = 12;
/** Rows read from IndexedDB at a time: changed rows by their keys, or a first read's run of keys. */
const READ_BATCH = 200;
const FIRST_READ_BATCH = 1_000;
/** How long after the last change the index is saved, and not sooner after a search. */
const SAVE_AFTER_MS = 3_000;
/** Changes are gathered this long before they are read (a reply streams in a write a second). */
const CHANGES_AFTER_MS = 150;
const DAY_MS = 86_400_000;
const RANGE_DAYS: Record<SearchRange, number | null> = { week: 7, month: 30, all: null };

/** The tables indexed, each read by its time index. */
type Source = 'messages' | 'chats' | 'workflows' | 'recordings';
type Version = number | string;

interface ChatInfo {
  title: string;
  isPlaybook: boolean;
}

interface Saved {
  format: number;
  index: SavedTermIndex;
  versions: Record<Source, [string, Version][]>;
  readTo: Record<Source, number>;
  chats: [string, ChatInfo][];
  profile: string;
}

const SOURCES: Source[] = ['chats', 'messages', 'workflows', 'recordings'];
const TIME_INDEX: Record<Source, string> = {
  messages: 'touchedAt',
  chats: 'touchedAt',
  workflows: 'updatedAt',
  recordings: 'updatedAt',
};

/** A document's id: its table's letter, then the row's key. */
const docId = (letter: 'm' | 'e' | 'w' | 'r' | 'p', key: string) => `${letter}|${key}`;

/** Counts what the index reads, for tests and the bench. */
export interface IndexStats {
  rowsRead: number;
  docsIndexed: number;
}

export class DeviceIndex {
  private index = new TermIndex();
  private versions = new Map<Source, Map<string, Version>>(SOURCES.map((s) => [s, new Map()]));
  private readTo = new Map<Source, number>();
  private chats = new Map<string, ChatInfo>();
  private profile = '';
  private opened: Promise<void> | null = null;
  private loaded: Promise<void> | null = null;
  /** Building from no saved index: searches meanwhile answer from what is indexed so far. */
  private building = false;
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private changeTimer: ReturnType<typeof setTimeout> | undefined;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private dirty = false;
  private lastSearchAt = 0;
  private stopped = false;
  private unsubscribe: (() => void) | null = null;
  readonly stats: IndexStats = { rowsRead: 0, docsIndexed: 0 };
  private readonly texts = new ReadTexts();

  constructor(private readonly db: PitchpadDb) {}

  /** Load the saved index, read what changed since, and follow changes from now on. */
  start(): Promise<void> {
    if (this.loaded) return this.loaded;
    const onChange = (parts: Record<string, unknown>) => this.noticeChanges(parts);
    Dexie.on('storagemutated', onChange);
    const onVersionChange = (event: IDBVersionChangeEvent) => {
      // The database is being deleted (logout): nothing more is read or written.
      if (event.newVersion === null) this.stop({ save: false });
    };
    this.db.on('versionchange', onVersionChange);
    this.unsubscribe = () => {
      Dexie.on('storagemutated').unsubscribe(onChange);
      this.db.on('versionchange').unsubscribe(onVersionChange);
    };
    this.opened = this.load();
    this.loaded = this.opened.then(async () => {
      this.building = this.readTo.size === 0;
      await this.readChanges();
    });
    return this.loaded;
  }

  /** Stop following changes; save what is not saved yet unless `save` is false (logout). */
  async stop({ save = true } = {}): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.unsubscribe?.();
    clearTimeout(this.changeTimer);
    clearTimeout(this.saveTimer);
    if (save && this.dirty) {
      await this.reading?.catch(() => {});
      await this.save();
    }
  }

  /** Hits on this phone for the query, best first, at most `limit`. */
  async search(query: DeviceQuery, limit: number): Promise<DeviceResults> {
    this.lastSearchAt = Date.now();
    void this.start();
    // With a saved index, the few changes since are read first; a first build (seconds, with 20,000
    // messages) is not waited for: what it has indexed so far is searched.
    await this.opened;
    if (!this.building) await this.loaded;
    // A first build that failed is tried again (its rows read so far are kept).
    else if (!this.reading) void this.readChanges();
    // Whether what is searched now is all of it: read before the index, which the build may add to
    // while the hits' rows are read.
    const complete = !this.building;
    const parsed = parseQuery(query.q);
    if (isEmptyQuery(parsed) || limit <= 0) return { hits: [], complete };
    const kinds = query.kinds?.length ? new Set(query.kinds) : null;
    const days = RANGE_DAYS[query.range ?? 'all'];
    const now = Date.now();
    const since = days === null ? null : now - days * DAY_MS;
    // Newest relevant first: a hit written today counts double, one a month old about 1.3 times.
    // The profile has no date: it stays in every range, as the server keeps the kit's passages.
    const rank = (score: number, at: number | null) =>
      score * (at === null ? 1.5 : 1 + 1 / (1 + Math.max(0, now - at) / (14 * DAY_MS)));
    // A phrase or an exclusion may turn most results down: a bounded number of them is read.
    const ranked = this.index.search(queryOf(parsed), {
      limit: Math.max(limit * 10, 200),
      filter: (id, at, chat) =>
        (since === null || at === null || at >= since) &&
        (!kinds || kinds.has(this.kindOf(id, chat))),
      rank,
    });
    return { hits: await this.confirm(ranked, parsed, limit), complete };
  }

  /** Read the rows of the best results again and keep those that still match, up to `limit`. */
  private async confirm(
    results: IndexHit[],
    query: ParsedQuery,
    limit: number,
  ): Promise<SearchHit[]> {
    const hits: SearchHit[] = [];
    const step = Math.max(limit, 20);
    for (let from = 0; from < results.length && hits.length < limit; from += step) {
      const batch = results.slice(from, from + step);
      for (const hit of await this.hitsOf(batch, query)) {
        if (hits.length >= limit) break;
        if (hit) hits.push(hit);
      }
    }
    return hits;
  }

  private async hitsOf(results: IndexHit[], query: ParsedQuery): Promise<(SearchHit | null)[]> {
    const ids = results.map((r) => r.id);
    const messageKeys = ids.filter((id) => /^[me]\|/.test(id)).map((id) => id.slice(2));
    const [messages, workflows, recordings, profile] = await Promise.all([
      this.db.messages.bulkGet(messageKeys),
      this.db.workflows.bulkGet(ids.filter((id) => id.startsWith('w|')).map((id) => id.slice(2))),
      this.db.recordings.bulkGet(ids.filter((id) => id.startsWith('r|')).map((id) => id.slice(2))),
      ids.some((id) => id.startsWith('p|')) ? this.profileValues() : null,
    ]);
    const rows = new Map<string, unknown>();
    messageKeys.forEach((key, i) => rows.set(key, messages[i]));
    for (const row of workflows) if (row) rows.set(`w|${row.id}`, row);
    for (const row of recordings) if (row) rows.set(`r|${row.id}`, row);
    return ids.map((id) => {
      const key = id.slice(2);
      const letter = id[0];
      const row = letter === 'm' || letter === 'e' ? rows.get(key) : rows.get(id);
      // Deleted since it was indexed (the change reader drops it too, when it next runs).
      if (letter !== 'p' && !row) {
        this.remove(id);
        return null;
      }
      // A message's or a flow's Markdown is read as the words a rep sees.
      const plain = letter === 'm' || letter === 'w';
      const find: Find = (text) => this.texts.find(id, text, query, plain);
      return letter === 'm'
        ? this.messageHit(row as LocalMessage, find)
        : letter === 'e'
          ? this.emailHit(row as LocalMessage, find)
          : letter === 'w'
            ? workflowHit(row as WorkflowRecord, find)
            : letter === 'r'
              ? recordingHit(row as LocalRecording, find)
              : profileHit(key as ProfileField, profile?.[key as ProfileField], find);
    });
  }

  private chatTitle(chatId: string): string {
    return this.chats.get(chatId)?.title || 'Chat';
  }

  private messageHit(row: LocalMessage | undefined, find: Find): SearchHit | null {
    if (!row || !indexable(row)) return null;
    const found = find(row.content);
    if (!found) return null;
    return {
      kind: this.chats.get(row.chatId)?.isPlaybook ? 'flow' : 'chat',
      key: messageKeyOf(row),
      title: this.chatTitle(row.chatId),
      at: row.timestamp || new Date(row.sortAt).toISOString(),
      ...found,
      target: messageTarget(row),
    };
  }

  private emailHit(row: LocalMessage | undefined, find: Find): SearchHit | null {
    const edit = row?.emailEdit;
    if (!row || !edit) return null;
    const found = find(emailText(edit));
    if (!found) return null;
    return {
      kind: 'email',
      // As the server keys it: 'email:<chat>:<client id or s<server id>>'.
      key: `email:${messageKeyOf(row).slice('msg:'.length)}`,
      title: this.chatTitle(row.chatId),
      at: edit.editedAt,
      ...found,
      target: messageTarget(row),
    };
  }

  private kindOf(id: string, chat: string | null): SearchKind {
    switch (id[0]) {
      case 'm':
        return chat !== null && this.chats.get(chat)?.isPlaybook ? 'flow' : 'chat';
      case 'e':
        return 'email';
      case 'w':
        return 'flow';
      case 'r':
        return 'debrief';
      default:
        return 'profile';
    }
  }

  private async profileValues(): Promise<Partial<Record<ProfileField, string>>> {
    return profileValues(await readLocalProfile(this.db));
  }

  private async load(): Promise<void> {
    const row = await this.db.searchIndex.get(SAVED_KEY).catch(() => undefined);
    const saved = row?.value as Saved | undefined;
    if (saved?.format !== FORMAT) return;
    try {
      this.index = TermIndex.load(saved.index);
    } catch (error) {
      console.warn('The saved search index could not be read; it is built again', error);
      return;
    }
    for (const source of SOURCES) {
      this.versions.set(source, new Map(saved.versions[source]));
      this.readTo.set(source, saved.readTo[source]);
    }
    this.chats = new Map(saved.chats);
    this.profile = saved.profile;
  }

  private async save(): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    // Saving compacts: the index searched from now on is the one saved.
    const index = this.index.save();
    this.index = TermIndex.load(index);
    const saved: Saved = {
      format: FORMAT,
      index,
      versions: Object.fromEntries(
        SOURCES.map((s) => [s, [...this.versions.get(s)!]]),
      ) as Saved['versions'],
      readTo: Object.fromEntries(
        SOURCES.map((s) => [s, this.readTo.get(s) ?? 0]),
      ) as Saved['readTo'],
      chats: [...this.chats],
      profile: this.profile,
    };
    try {
      await this.db.searchIndex.put({ key: SAVED_KEY, value: saved });
    } catch (error) {
      this.dirty = true;
      console.warn('Could not save the search index', error);
    }
  }

  private scheduleSave(): void {
    if (this.stopped) return;
    clearTimeout(this.saveTimer);
    // Serializing takes a while on a phone: not while the rep is searching.
    const wait = Math.max(SAVE_AFTER_MS, this.lastSearchAt + SAVE_AFTER_MS - Date.now());
    this.saveTimer = setTimeout(() => {
      if (Date.now() - this.lastSearchAt < SAVE_AFTER_MS) this.scheduleSave();
      else void this.save();
    }, wait);
  }

  /** Dexie's change event: a write to a table read here (this page, another tab, the worker). */
  private noticeChanges(parts: Record<string, unknown>): void {
    if (this.stopped) return;
    const prefix = `idb://${this.db.name}/`;
    const watched = [...SOURCES, 'keyValues'].map((table) => `${prefix}${table}/`);
    if (!Object.keys(parts).some((part) => watched.some((w) => part.startsWith(w)))) return;
    clearTimeout(this.changeTimer);
    this.changeTimer = setTimeout(() => void this.readChanges(), CHANGES_AFTER_MS);
  }

  /** Read what changed since the last read (one read at a time; another asked for meanwhile follows). */
  readChanges(): Promise<void> {
    if (this.reading) {
      this.readAgain = true;
      return this.reading;
    }
    this.reading = (async () => {
      try {
        do {
          this.readAgain = false;
          if (this.stopped) return;
          await this.readAll();
          // Every row has been read once: a first build is over.
          this.building = false;
        } while (this.readAgain);
      } catch (error) {
        if (!this.stopped) console.warn('Could not bring the search index up to date', error);
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }

  private async readAll(): Promise<void> {
    let changed = false;
    // Chats first: a message's hit is named by its chat, and a flow's chat makes its kind.
    for (const source of SOURCES) changed = (await this.readSource(source)) || changed;
    changed = (await this.readProfile()) || changed;
    if (changed) {
      this.dirty = true;
      this.scheduleSave();
    }
  }

  private table(source: Source): Table<unknown, string> {
    return this.db.table(source);
  }

  /** Bring one table's documents up to date; true when any changed. */
  private async readSource(source: Source): Promise<boolean> {
    const table = this.table(source);
    const versions = this.versions.get(source)!;
    const startedAt = Date.now();
    const from = this.readTo.get(source);
    let keys: string[];
    if (from === undefined) {
      // Never read: every row, by key.
      keys = (await table.toCollection().primaryKeys()) as string[];
    } else {
      keys = [];
      const bound =
        source === 'workflows' ? new Date(from - SLACK_MS).toISOString() : from - SLACK_MS;
      await table
        .where(TIME_INDEX[source])
        .aboveOrEqual(bound)
        .eachKey((time, cursor) => {
          const key = cursor.primaryKey as string;
          if (versions.get(key) !== time) keys.push(key);
        });
    }
    let changed = false;
    // A first read takes every row: runs of keys in order, each read in one request (a key's own
    // read costs as much as a run's). Later reads take the changed rows by their keys.
    const everyRow = from === undefined;
    const step = everyRow ? FIRST_READ_BATCH : READ_BATCH;
    const batches = Math.ceil(keys.length / step);
    for (let b = 0; b < batches && !this.stopped; b++) {
      // A first read goes from the last keys back: the rep's messages (`u:` and a UUIDv7, which
      // grows with time) come first, the newest of them first, then the server's and the replies.
      const i = everyRow ? (batches - 1 - b) * step : b * step;
      const batch = keys.slice(i, i + step);
      const rows = everyRow
        ? await table.where(':id').between(batch[0]!, batch.at(-1)!, true, true).toArray()
        : await table.bulkGet(batch);
      this.stats.rowsRead += rows.filter(Boolean).length;
      let sliceStart = performance.now();
      for (let j = 0; j < rows.length; j++) {
        const row = rows[j];
        if (row) this.put(source, row);
        else this.forget(source, batch[j]!);
        changed = true;
        if (performance.now() - sliceStart > SLICE_MS) {
          await nextTask();
          sliceStart = performance.now();
        }
      }
    }
    if (this.stopped) return changed;
    // Fewer rows than were indexed: some were deleted. Their keys, not their rows, tell which.
    if ((await table.count()) < versions.size) {
      const present = new Set((await table.toCollection().primaryKeys()) as string[]);
      for (const key of versions.keys())
        if (!present.has(key)) {
          this.forget(source, key);
          changed = true;
        }
    }
    this.readTo.set(source, Math.max(this.readTo.get(source) ?? 0, startedAt));
    return changed;
  }

  private put(source: Source, row: unknown): void {
    switch (source) {
      case 'chats': {
        const chat = row as LocalChat;
        this.versions.get(source)!.set(chat.id, chat.touchedAt);
        this.chats.set(chat.id, { title: chat.title, isPlaybook: chat.isPlaybook });
        return;
      }
      case 'messages': {
        const message = row as LocalMessage;
        this.versions.get(source)!.set(message.key, message.touchedAt);
        const at = message.sortAt;
        // As the rep reads it (Markdown's marks gone), which is also how a hit is checked.
        this.upsert(
          docId('m', message.key),
          indexable(message) ? plainText(message.content) : '',
          at,
          message.chatId,
        );
        const edit = message.emailEdit;
        this.upsert(
          docId('e', message.key),
          edit ? emailText(edit) : '',
          edit ? Date.parse(edit.editedAt) || at : at,
          message.chatId,
        );
        return;
      }
      case 'workflows': {
        const record = row as WorkflowRecord;
        this.versions.get(source)!.set(record.id, record.updatedAt);
        this.upsert(
          docId('w', record.id),
          record.deletedAt || !record.chatId ? '' : plainText(workflowText(record)),
          Date.parse(record.updatedAt) || null,
          record.chatId ?? null,
        );
        return;
      }
      case 'recordings': {
        const recording = row as LocalRecording;
        this.versions.get(source)!.set(recording.id, recording.updatedAt);
        this.upsert(docId('r', recording.id), recordingText(recording), recording.createdAt, null);
      }
    }
  }

  private forget(source: Source, key: string): void {
    this.versions.get(source)!.delete(key);
    if (source === 'chats') this.chats.delete(key);
    else if (source === 'messages') {
      this.remove(docId('m', key));
      this.remove(docId('e', key));
    } else this.remove(docId(source === 'workflows' ? 'w' : 'r', key));
  }

  /** Index `text` under `id`, or drop the document when there is nothing to find in it. */
  private upsert(id: string, text: string, at: number | null, chat: string | null): void {
    const words = text.trim() ? indexWords(text) : null;
    if (!words?.stop.includes(false)) return this.remove(id);
    this.index.add(id, words, at, chat);
    this.stats.docsIndexed++;
  }

  private remove(id: string): void {
    this.index.remove(id);
  }

  /** The profile is one row: read again at each start and change, indexed again when it differs. */
  private async readProfile(): Promise<boolean> {
    const values = await this.profileValues();
    const seen = JSON.stringify(values);
    if (seen === this.profile) return false;
    this.profile = seen;
    for (const field of Object.keys(PROFILE_FIELDS) as ProfileField[])
      this.upsert(docId('p', field), profileText(field, values[field]), null, null);
    return true;
  }
}

/** The index's query of a parsed one: every term, the typed word's starts, minus exclusions. */
function queryOf(parsed: ParsedQuery): IndexQuery {
  const all: Clause[] = parsed.terms.map((term) => ({ terms: [term], prefixes: [] }));
  // A phrase's words are looked for as clauses too (the index finds the phrase among the documents
  // holding them all), but not its stop words, which have no postings, and not a word begun inside
  // it until it is long enough to narrow anything down.
  for (const phrase of parsed.phrases)
    phrase.terms.forEach((term, i) => {
      if (phrase.stop[i]) return;
      const typing = phrase.lastIsPrefix && i === phrase.terms.length - 1;
      if (!typing) all.push({ terms: [term], prefixes: [] });
      else if (term.length >= MIN_PREFIX) all.push(typedWord(term));
    });
  if (parsed.prefix) all.push({ terms: [parsed.prefix.term], prefixes: parsed.prefix.starts });
  return {
    all,
    none: parsed.excluded,
    // A phrase of one word is that word, which its clause already asks for.
    phrases: parsed.phrases.filter((phrase) => phrase.terms.length > 1).map(phraseOf),
    nonePhrases: parsed.excludedPhrases.map(phraseOf),
  };
}

/** A phrase's words for the index; a word being typed matches as its stem or by its start. */
function phraseOf(phrase: ParsedPhrase): Phrase {
  return phrase.terms.map((term, i) =>
    phrase.lastIsPrefix && i === phrase.terms.length - 1
      ? typedWord(term)
      : { terms: [term], prefixes: [] },
  );
}

/** A word being typed inside a phrase, as the phrase check in query.ts takes it: its stem or its start. */
const typedWord = (folded: string): Clause => ({ terms: [stemWord(folded)], prefixes: [folded] });

/** Finds the query in a hit's text as it is now: its snippet, or null when it no longer matches. */
type Find = (text: string) => Snippet | null;

/** Texts read lately, kept by document: a rep typing 'pri', 'pric', 'prici' meets the same hits. */
const TEXTS_KEPT = 600;

class ReadTexts {
  private kept = new Map<string, { text: string; read: ReadText }>();

  find(id: string, text: string, query: ParsedQuery, plain: boolean): Snippet | null {
    let entry = this.kept.get(id);
    // Kept in the order last used: taken out and put back at the end.
    this.kept.delete(id);
    if (entry?.text !== text) {
      entry = { text, read: readText(plain ? plainText(text) : text) };
      if (this.kept.size >= TEXTS_KEPT) this.kept.delete(this.kept.keys().next().value!);
    }
    this.kept.set(id, entry);
    return findInRead(entry.read, query);
  }
}

/** A message worth finding: what the rep or the model wrote (never a system prompt). */
const indexable = (m: LocalMessage) => m.role !== 'system' && m.content.trim() !== '';

const emailText = (edit: { subject: string; body: string }) => `${edit.subject}\n\n${edit.body}`;

/** A message's hit key as the server gives it; a draft made here with neither id, by its row. */
function messageKeyOf(m: LocalMessage): string {
  return m.clientId === null && m.serverId === null
    ? `msg:${m.chatId}:${m.key}`
    : messageHitKey(m.chatId, m.clientId, m.serverId);
}

const messageTarget = (m: LocalMessage): SearchHit['target'] => ({
  kind: 'message',
  chatId: m.chatId,
  serverId: m.serverId,
  clientId: m.clientId,
});

function workflowText(record: WorkflowRecord): string {
  const answers = Object.values(record.answers ?? {}).filter(
    (value): value is string => typeof value === 'string',
  );
  return [record.title, ...answers, record.result ?? ''].join('\n\n');
}

function workflowHit(record: WorkflowRecord | undefined, find: Find): SearchHit | null {
  if (!record?.chatId || record.deletedAt) return null;
  const found = find(workflowText(record));
  if (!found) return null;
  return {
    kind: 'flow',
    key: `chat:${record.chatId}`,
    title: record.title,
    at: record.updatedAt,
    ...found,
    target: { kind: 'chat', chatId: record.chatId },
  };
}

/** A debrief's words: what was said and what the rep noted; nothing to find in audio alone. */
function recordingText(recording: LocalRecording): string {
  const said = [recording.transcript ?? '', recording.notes ?? ''].filter((s) => s.trim());
  return said.length ? [recording.title, recording.attendees ?? '', ...said].join('\n\n') : '';
}

function recordingHit(recording: LocalRecording | undefined, find: Find): SearchHit | null {
  if (!recording) return null;
  const found = find(recordingText(recording));
  if (!found) return null;
  return {
    kind: 'debrief',
    key: `rec:${recording.id}`,
    title: recording.title.trim() ? `Debrief: ${recording.title.trim()}` : 'Debrief',
    at: new Date(recording.createdAt).toISOString(),
    ...found,
    target: { kind: 'recording', recordingId: recording.id },
  };
}

/** A filled profile field, found by its words or its label ('pricing' finds the Pricing field). */
function profileText(field: ProfileField, value: string | undefined): string {
  return value?.trim() ? `${PROFILE_FIELDS[field].label}\n\n${value}` : '';
}

function profileHit(field: ProfileField, value: string | undefined, find: Find): SearchHit | null {
  if (!(field in PROFILE_FIELDS)) return null;
  const found = find(profileText(field, value));
  if (!found) return null;
  return {
    kind: 'profile',
    key: `profile:${field}`,
    title: `Profile: ${PROFILE_FIELDS[field].label}`,
    at: null,
    ...found,
    target: { kind: 'profile', field },
  };
}
