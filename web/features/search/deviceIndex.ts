/**
 * The search index of what this phone holds: messages (and edited emails), saved flows, debriefs
 * and the profile, searched with no signal. It runs in a Web Worker (searchIndex.worker.ts) or, with
 * none (tests), in the page; it never touches the DOM.
 *
 * The library: MiniSearch. Measured on 20,000 messages of a busy rep (tests/bench/searchCorpus.ts,
 * 590 characters on average, Node 20 on this machine, the same folding for all three):
 *   MiniSearch 7.2   build 1.6 s, heap +68 MB, serialized 10–14 MB, a keystroke p95 6–7 ms,
 *                    100 documents replaced in 15 ms; add, discard, replace; toJSON/loadJSONAsync
 *   FlexSearch 0.8   build 4.8 s, heap +147 MB, serialized 60 MB (forward prefixes), p95 3 ms,
 *                    100 replaced in 74 ms (2.4 s without fastupdate); export/import in chunks
 *   Orama 3.1        build 5.2 s, heap +150 MB, serialized 68 MB, p95 296 ms
 * FlexSearch answers fastest but stores every prefix of every word: four times the memory and six
 * times the bytes on a phone, and no ranking but word position. MiniSearch ranks by BM25, takes
 * prefix, AND and AND_NOT queries and a filter, updates one document cheaply (a reply streaming in
 * is replaced each second), and serializes to one string to keep in IndexedDB.
 *
 * Where it lives: the `searchIndex` table of the rep's own database (web/data/db.ts), so logout,
 * which deletes that database, deletes it too. One row holds the serialized index and, per table
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
import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import { Dexie, type Table } from 'dexie';
import { plainText } from '../../../domain/coach/text';
import { PROFILE_FIELDS, type ProfileField } from '../../../domain/contract/profile';
import {
  messageHitKey,
  type SearchHit,
  type SearchKind,
  type SearchRange,
} from '../../../domain/contract/search';
import {
  MIN_PREFIX,
  STOP_WORDS,
  findIn,
  indexTerms,
  isEmptyQuery,
  parseQuery,
  type ParsedQuery,
} from '../../../domain/search/query';
import type {
  LocalChat,
  LocalMessage,
  LocalRecording,
  PitchpadDb,
  WorkflowRecord,
} from '../../data/db';
import { profileValues, readLocalProfile } from '../profile/profileStore';

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
const FORMAT = 1;
const SAVED_KEY = 'device';
/** How far back of the last read a table is read again (see the header). */
const SLACK_MS = 10 * 60_000;
/** How long a slice of indexing work runs before it lets a search (or the page) in. */
const SLICE_MS = 8;
/** Rows read from IndexedDB at a time. */
const READ_BATCH = 200;
/** How long after the last change the index is saved, and not sooner after a search. */
const SAVE_AFTER_MS = 3_000;
/** Changes are gathered this long before they are read (a reply streams in a write a second). */
const CHANGES_AFTER_MS = 150;
const DAY_MS = 86_400_000;
const RANGE_DAYS: Record<SearchRange, number | null> = { week: 7, month: 30, all: null };

/** The tables indexed, each read by its time index. */
type Source = 'messages' | 'chats' | 'workflows' | 'recordings';
type Version = number | string;

interface Doc {
  id: string;
  text: string;
  /** When it was written, ms (null: the profile). */
  at: number | null;
  /** Its chat: what a message hit is named by and whether it is a flow's. */
  chat: string | null;
}

interface ChatInfo {
  title: string;
  isPlaybook: boolean;
}

interface Saved {
  format: number;
  index: string;
  versions: Record<Source, [string, Version][]>;
  readTo: Record<Source, number>;
  chats: [string, ChatInfo][];
  profile: string;
}

const MINI_OPTIONS = {
  fields: ['text'],
  storeFields: ['at', 'chat'],
  tokenize: indexTerms,
  processTerm: (term: string) => term,
  // Leaves of a query are terms folded already (parseQuery), an address with its dots and @ whole.
  searchOptions: { tokenize: (term: string) => [term], processTerm: (term: string) => term },
};

const SOURCES: Source[] = ['chats', 'messages', 'workflows', 'recordings'];
const TIME_INDEX: Record<Source, string> = {
  messages: 'touchedAt',
  chats: 'touchedAt',
  workflows: 'updatedAt',
  recordings: 'updatedAt',
};

/** A document's id: its table's letter, then the row's key. */
const docId = (letter: 'm' | 'e' | 'w' | 'r' | 'p', key: string) => `${letter}|${key}`;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Counts what the index reads, for tests and the bench. */
export interface IndexStats {
  rowsRead: number;
  docsIndexed: number;
}

export class DeviceIndex {
  private mini = new MiniSearch<Doc>(MINI_OPTIONS);
  private versions = new Map<Source, Map<string, Version>>(SOURCES.map((s) => [s, new Map()]));
  private readTo = new Map<Source, number>();
  private chats = new Map<string, ChatInfo>();
  private profile = '';
  private loaded: Promise<void> | null = null;
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private changeTimer: ReturnType<typeof setTimeout> | undefined;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private dirty = false;
  private lastSearchAt = 0;
  private stopped = false;
  private unsubscribe: (() => void) | null = null;
  readonly stats: IndexStats = { rowsRead: 0, docsIndexed: 0 };

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
    this.loaded = this.load().then(() => this.readChanges());
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
  async search(query: DeviceQuery, limit: number): Promise<SearchHit[]> {
    this.lastSearchAt = Date.now();
    await this.start();
    const parsed = parseQuery(query.q);
    if (isEmptyQuery(parsed) || limit <= 0) return [];
    const kinds = query.kinds?.length ? new Set(query.kinds) : null;
    const days = RANGE_DAYS[query.range ?? 'all'];
    const since = days === null ? null : Date.now() - days * DAY_MS;
    const now = Date.now();
    const results = this.mini.search(queryOf(parsed), {
      filter: (result) => {
        const at = result.at as number | null;
        if (since !== null && (at === null || at < since)) return false;
        return !kinds || kinds.has(this.kindOf(result.id as string, result.chat as string | null));
      },
    });
    // Newest relevant first: a hit written today counts double, one a month old about 1.3 times
    // (weighed here once per hit, not per word matched as a MiniSearch boost would be).
    const weigh = (at: number | null) =>
      at === null ? 1.5 : 1 + 1 / (1 + Math.max(0, now - at) / (14 * DAY_MS));
    const ranked = results
      .map((result) => ({ result, rank: result.score * weigh(result.at as number | null) }))
      .toSorted((a, b) => b.rank - a.rank)
      .map(({ result }) => result);
    return this.confirm(ranked, parsed, limit);
  }

  /** Read the rows of the best results again and keep those that still match, up to `limit`. */
  private async confirm(
    results: SearchResult[],
    query: ParsedQuery,
    limit: number,
  ): Promise<SearchHit[]> {
    const hits: SearchHit[] = [];
    // A phrase or an exclusion may turn most results down: read a bounded number of them.
    const most = Math.min(results.length, Math.max(limit * 10, 200));
    const step = Math.max(limit, 20);
    for (let from = 0; from < most && hits.length < limit; from += step) {
      const batch = results.slice(from, Math.min(most, from + step));
      for (const hit of await this.hitsOf(batch, query)) {
        if (hits.length >= limit) break;
        if (hit) hits.push(hit);
      }
    }
    return hits;
  }

  private async hitsOf(results: SearchResult[], query: ParsedQuery): Promise<(SearchHit | null)[]> {
    const ids = results.map((r) => r.id as string);
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
      return letter === 'm'
        ? this.messageHit(row as LocalMessage, query)
        : letter === 'e'
          ? this.emailHit(row as LocalMessage, query)
          : letter === 'w'
            ? workflowHit(row as WorkflowRecord, query)
            : letter === 'r'
              ? recordingHit(row as LocalRecording, query)
              : profileHit(key as ProfileField, profile?.[key as ProfileField], query);
    });
  }

  private chatTitle(chatId: string): string {
    return this.chats.get(chatId)?.title || 'Chat';
  }

  private messageHit(row: LocalMessage | undefined, query: ParsedQuery): SearchHit | null {
    if (!row || !indexable(row)) return null;
    const found = findIn(plainText(row.content), query);
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

  private emailHit(row: LocalMessage | undefined, query: ParsedQuery): SearchHit | null {
    const edit = row?.emailEdit;
    if (!row || !edit) return null;
    const found = findIn(emailText(edit), query);
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
      this.mini = await MiniSearch.loadJSONAsync<Doc>(saved.index, MINI_OPTIONS);
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
    const saved: Saved = {
      format: FORMAT,
      index: JSON.stringify(this.mini),
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
    for (let i = 0; i < keys.length && !this.stopped; i += READ_BATCH) {
      const batch = keys.slice(i, i + READ_BATCH);
      const rows = await table.bulkGet(batch);
      this.stats.rowsRead += rows.filter(Boolean).length;
      let sliceStart = performance.now();
      for (let j = 0; j < batch.length; j++) {
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
        this.upsert(
          docId('m', message.key),
          indexable(message) ? message.content : '',
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
          record.deletedAt || !record.chatId ? '' : workflowText(record),
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
    if (!text.trim()) return this.remove(id);
    const doc: Doc = { id, text, at, chat };
    if (this.mini.has(id)) this.mini.replace(doc);
    else this.mini.add(doc);
    this.stats.docsIndexed++;
  }

  private remove(id: string): void {
    if (this.mini.has(id)) this.mini.discard(id);
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

/** The MiniSearch query of a parsed one: every term, the typed word's starts, minus exclusions. */
function queryOf(parsed: ParsedQuery): Query {
  const required: Query[] = [...parsed.terms];
  for (const phrase of parsed.phrases) {
    const words = phrase.terms.filter((term) => !STOP_WORDS.has(term));
    const last = phrase.lastIsPrefix ? words.pop() : undefined;
    required.push(...words);
    // A word begun inside a phrase is looked for once it is long enough to narrow anything down;
    // the phrase itself is checked against each hit's text.
    if (last && last.length >= MIN_PREFIX) required.push({ queries: [last], prefix: true });
  }
  if (parsed.prefix)
    required.push({
      combineWith: 'OR',
      queries: [parsed.prefix.term, { queries: parsed.prefix.starts, prefix: true }],
    });
  const wanted: Query = { combineWith: 'AND', queries: required };
  const excluded = parsed.excluded;
  return excluded.length
    ? { combineWith: 'AND_NOT', queries: [wanted, { combineWith: 'OR', queries: excluded }] }
    : wanted;
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

function workflowHit(record: WorkflowRecord | undefined, query: ParsedQuery): SearchHit | null {
  if (!record?.chatId || record.deletedAt) return null;
  const found = findIn(plainText(workflowText(record)), query);
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

function recordingHit(recording: LocalRecording | undefined, query: ParsedQuery): SearchHit | null {
  if (!recording) return null;
  const found = findIn(recordingText(recording), query);
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

function profileHit(
  field: ProfileField,
  value: string | undefined,
  query: ParsedQuery,
): SearchHit | null {
  if (!(field in PROFILE_FIELDS)) return null;
  const found = findIn(profileText(field, value), query);
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
