// A map that keeps only its most recently written entries: for what the server works out again and
// again from the same input (a system prompt's token count, a rep's profile block) and would rather
// keep between requests, bounded so a busy instance's memory stays flat.

export interface Recent<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
}

/** At most `limit` entries; past it, the one written longest ago is forgotten. */
export function recentValues<K, V>(limit: number): Recent<K, V> {
  const entries = new Map<K, V>();
  return {
    get: (key) => entries.get(key),
    set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > limit) entries.delete(entries.keys().next().value!);
    },
  };
}
