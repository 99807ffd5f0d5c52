/**
 * /search?q=: one search over everything the rep has. Results come as they type (debounced): first
 * what this phone holds (its own index: chats and their messages, edited emails, finished flows,
 * debriefs, the profile), with no signal too, then what the server's search adds while online (older
 * chats, the sales kit), merged without duplicates and grouped by kind. Each result shows the words
 * matched in context and opens in place: a message in its chat, scrolled to and highlighted; a kit
 * passage in the sheet the chat's Sources use. The query and filters live in the address, so the back
 * button and a shared link work.
 */
// oxlint-disable-next-line import/no-unassigned-import -- the screen's stylesheet, loaded with its chunk
import './search.css';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import type { User } from '../../../domain/contract/auth';
import {
  SEARCH_KINDS,
  SEARCH_QUERY_MAX,
  type SearchHit,
  type SearchKind,
  type SearchRange,
  type SearchResponse,
} from '../../../domain/contract/searchBasics';
import { api } from '../../data/api';
import { Screen } from '../../ui/Screen';
import { useDebounced } from '../../ui/useDebounced';
import { useOnline } from '../../ui/useOnline';
import { useAuth } from '../auth/auth.queries';
import { PassageSheet } from '../chat/MessageSources';
import { searchOnDevice } from './deviceSearch';

/** How long typing pauses before the search runs. */
const TYPING_PAUSE_MS = 150;
/** The most hits shown from the phone's own index. */
const DEVICE_HITS = 50;

const KIND_LABELS: Record<SearchKind, string> = {
  chat: 'Chats',
  email: 'Emails',
  flow: 'Flows',
  debrief: 'Debriefs',
  kit: 'Sales kit',
  profile: 'Profile',
};
const RANGE_LABELS: Record<SearchRange, string> = {
  all: 'Any time',
  week: 'This week',
  month: 'This month',
};

export interface SearchParams {
  q?: string;
  kind?: string;
  range?: string;
}

const kindOf = (value: string | undefined): SearchKind | undefined =>
  (SEARCH_KINDS as readonly string[]).includes(value ?? '') ? (value as SearchKind) : undefined;
const rangeOf = (value: string | undefined): SearchRange =>
  value === 'week' || value === 'month' ? value : 'all';

export function SearchScreen() {
  const { user } = useAuth();
  if (!user) return null;
  return <Search user={user} />;
}

function Search({ user }: { user: User }) {
  const params = useSearch({ strict: false }) as SearchParams;
  const navigate = useNavigate();
  const online = useOnline();
  const [typed, setTyped] = useState(params.q ?? '');
  const q = useDebounced(typed, TYPING_PAUSE_MS).slice(0, SEARCH_QUERY_MAX);
  const kind = kindOf(params.kind);
  const range = rangeOf(params.range);
  const [passage, setPassage] = useState<
    | (Extract<SearchHit['target'], { kind: 'passage' }> & {
        title: string;
      })
    | null
  >(null);

  // The query settles into the address (replacing it, so back leaves the search).
  useEffect(() => {
    if ((params.q ?? '') === q) return;
    void navigate({
      to: '/search',
      search: (prev: SearchParams) => ({ ...prev, q: q || undefined }),
      replace: true,
    });
  }, [q, params.q, navigate]);

  const setFilter = (change: Partial<SearchParams>) =>
    void navigate({
      to: '/search',
      search: (prev: SearchParams) => ({ ...prev, ...change }),
      replace: true,
    });

  const query = { q, ...(kind ? { kinds: [kind] } : {}), range };
  const wanted = q.trim().length > 0;
  const device = useQuery({
    queryKey: ['search-device', user.id, q, kind, range],
    queryFn: () => searchOnDevice(user.id, query, DEVICE_HITS),
    enabled: wanted,
    networkMode: 'always',
    staleTime: 0,
    placeholderData: (previous) => previous,
    // While the phone's index is first built (after an update, with years of chats on it), it is
    // asked again each second, so what it reads meanwhile joins the results.
    refetchInterval: (current) => (current.state.data?.complete === false ? 1_000 : false),
  });
  const server = useInfiniteQuery({
    queryKey: ['search-server', user.id, q, kind, range],
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ q, range });
      if (kind) search.set('kinds', kind);
      if (pageParam) search.set('cursor', pageParam);
      return api.get<SearchResponse>(`/api/search?${search.toString()}`, signal);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: wanted && online,
    retry: false,
  });

  const hits = merged(
    device.data?.hits ?? [],
    server.data?.pages.flatMap((page) => page.hits) ?? [],
  );
  const groups = SEARCH_KINDS.map((k) => [k, hits.filter((hit) => hit.kind === k)] as const).filter(
    ([, inKind]) => inKind.length > 0,
  );

  const open = (hit: SearchHit) => {
    const target = hit.target;
    switch (target.kind) {
      case 'message':
        void navigate({
          to: '/chat',
          search: {
            chat: target.chatId,
            at: target.serverId !== null ? `s${target.serverId}` : `c${target.clientId}`,
          },
        });
        return;
      case 'chat':
        void navigate({ to: '/chat', search: { chat: target.chatId } });
        return;
      case 'passage':
        setPassage({ ...target, title: hit.title });
        return;
      case 'recording':
        void navigate({ to: '/debrief', search: { recording: target.recordingId } });
        return;
      case 'profile':
        void navigate({ to: '/profile', search: { field: target.field } });
    }
  };

  const inputId = useId();
  return (
    <Screen width="narrow" className="search-screen">
      <section className="page-intro search-screen__intro">
        <h1>Search</h1>
      </section>
      <form role="search" className="search-form" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={inputId} className="visually-hidden">
          Search your chats, emails, flows, debriefs and sales kit
        </label>
        <input
          id={inputId}
          // Named, so what is typed into the screen's shell before the app draws it is kept.
          name="q"
          className="text-box search-form__input"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          // oxlint-disable-next-line jsx-a11y/no-autofocus -- the screen exists to type into this box
          autoFocus
          value={typed}
          maxLength={SEARCH_QUERY_MAX}
          placeholder="Freightly pricing, “next steps”, -internal"
          onChange={(event) => setTyped(event.target.value)}
        />
        <div className="search-filters">
          <div className="search-filters__kinds" role="group" aria-label="What to search">
            <FilterChip
              label="All"
              pressed={!kind}
              onPress={() => setFilter({ kind: undefined })}
            />
            {(['chat', 'email', 'flow', 'debrief', 'kit'] as const).map((k) => (
              <FilterChip
                key={k}
                label={KIND_LABELS[k]}
                pressed={kind === k}
                onPress={() => setFilter({ kind: k })}
              />
            ))}
          </div>
          <label className="search-filters__range">
            <span className="visually-hidden">When</span>
            <select
              className="text-box"
              value={range}
              onChange={(event) =>
                setFilter({ range: event.target.value === 'all' ? undefined : event.target.value })
              }
            >
              {(['all', 'week', 'month'] as const).map((r) => (
                <option key={r} value={r}>
                  {RANGE_LABELS[r]}
                </option>
              ))}
            </select>
          </label>
        </div>
      </form>

      {!online && (
        <p className="callout search-screen__offline" role="status">
          No signal: this searches what is on this phone. Older work and your sales kit are searched
          when the signal returns.
        </p>
      )}
      {wanted && device.data?.complete === false && (
        <p className="muted" role="status">
          Still reading what is on this phone: more results may come in a moment.
        </p>
      )}

      {!wanted ? (
        <p className="muted">
          Search what you wrote and what Pitchpad answered: chats, edited emails, finished flows,
          debrief transcripts, your profile and your sales kit. Put words in quotes to find them
          together, and a minus before a word to leave it out.
        </p>
      ) : hits.length === 0 ? (
        <p className="muted" role="status">
          {device.isPending || server.isFetching
            ? 'Searching…'
            : `Nothing found for “${q.trim()}”.`}
        </p>
      ) : (
        <div className="search-results" aria-live="polite">
          {groups.map(([k, inKind]) => (
            <section key={k} className="search-group" aria-label={KIND_LABELS[k]}>
              <h2 className="section-label search-group__title">{KIND_LABELS[k]}</h2>
              <ul className="search-group__list">
                {inKind.map((hit) => (
                  <li key={hit.key}>
                    <button type="button" className="search-hit" onClick={() => open(hit)}>
                      <span className="search-hit__head">
                        <span className="search-hit__title">{hit.title}</span>
                        {hit.at && <span className="search-hit__at">{dateOf(hit.at)}</span>}
                      </span>
                      <Snippet hit={hit} />
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          {server.hasNextPage && (
            <button
              type="button"
              className="pp-button pp-button--ghost search-results__more"
              disabled={server.isFetchingNextPage}
              onClick={() => void server.fetchNextPage()}
            >
              {server.isFetchingNextPage ? 'Loading…' : 'Show more'}
            </button>
          )}
        </div>
      )}
      {wanted && online && server.isError && (
        <p className="muted" role="status">
          Older work could not be searched just now: {server.error.message}
        </p>
      )}
      {passage && (
        <PassageSheet
          source={{ passageId: passage.passageId, fileName: passage.title, page: null }}
          onClose={() => setPassage(null)}
        />
      )}
    </Screen>
  );
}

function FilterChip({
  label,
  pressed,
  onPress,
}: {
  label: string;
  pressed: boolean;
  onPress: () => void;
}) {
  return (
    <button type="button" className="search-chip" aria-pressed={pressed} onClick={onPress}>
      {label}
    </button>
  );
}

/** The snippet with the matched words marked. */
function Snippet({ hit }: { hit: SearchHit }) {
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const [start, end] of hit.marks) {
    if (start < at || end <= start || end > hit.snippet.length) continue;
    if (start > at) parts.push({ text: hit.snippet.slice(at, start), marked: false });
    parts.push({ text: hit.snippet.slice(start, end), marked: true });
    at = end;
  }
  if (at < hit.snippet.length) parts.push({ text: hit.snippet.slice(at), marked: false });
  return (
    <span className="search-hit__snippet">
      {parts.map((part, i) => (part.marked ? <mark key={i}>{part.text}</mark> : part.text))}
    </span>
  );
}

/** '3 Dec', or '3 Dec 2025' from another year. */
function dateOf(iso: string): string {
  const date = new Date(iso);
  const sameYear = date.getFullYear() === new Date().getFullYear();
  return date.toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

/** The phone's hits first (they are there at once), then what only the server found. */
export function merged(device: SearchHit[], server: SearchHit[]): SearchHit[] {
  const seen = new Set(device.map((hit) => hit.key));
  return [...device, ...server.filter((hit) => !seen.has(hit.key))];
}
