// The CRM search of the HubSpot fake (hubspot.ts): POST /crm/v3/objects/{type}/search with
// `query` (free text over the type's default searchable properties), `filterGroups` (groups OR-ed,
// the filters in a group AND-ed), `sorts`, `properties`, `limit` (at most 200) and `after`.
// Matching is simpler than HubSpot's index but keeps its documented rules: text is case-insensitive,
// CONTAINS_TOKEN matches a whole word and takes `*` as a wildcard, archived records never show,
// and records created within the search lag are not found yet.
import { wordPattern, type Obj } from './oauthConsent';

/** What search needs of a record; hubspot.ts's records have this shape. */
export interface SearchableRecord {
  id: string;
  properties: Record<string, string | null>;
  createdAt: string;
  archived: boolean;
  associations: Array<{ toObjectType: string; toObjectId: string }>;
}

interface Filter {
  propertyName?: string;
  operator?: string;
  value?: unknown;
  values?: unknown[];
}

/** A search body HubSpot would refuse (answered 400 VALIDATION_ERROR by the fake). */
export class SearchInputError extends Error {}

/** The properties `query` looks in, per HubSpot's search guide. */
const SEARCHABLE: Record<string, string[]> = {
  contacts: [
    'firstname',
    'lastname',
    'email',
    'phone',
    'hs_additional_emails',
    'fax',
    'mobilephone',
    'company',
    'hs_marketable_until_renewal',
  ],
  companies: ['website', 'phone', 'name', 'domain'],
  deals: ['dealname', 'pipeline', 'dealstage', 'description', 'dealtype'],
  notes: ['hs_note_body'],
  emails: ['hs_email_subject', 'hs_email_text'],
};

export const SINGULAR: Record<string, string> = {
  contacts: 'contact',
  companies: 'company',
  deals: 'deal',
  notes: 'note',
  emails: 'email',
};

const lower = (v: unknown) => String(v).toLowerCase();

function matches(record: SearchableRecord, filter: Filter): boolean {
  const name = filter.propertyName ?? '';
  const value = filter.value === undefined ? '' : String(filter.value);
  // `associations.contact` EQ <id>: engagements (and records) associated with that record.
  if (name.startsWith('associations.')) {
    const to = name.slice('associations.'.length);
    const linked = record.associations.some(
      (a) => SINGULAR[a.toObjectType] === to && a.toObjectId === value,
    );
    if (filter.operator === 'EQ') return linked;
    if (filter.operator === 'NEQ') return !linked;
    throw new SearchInputError(`operator ${filter.operator} is not supported on ${name}`);
  }
  const text = record.properties[name] ?? '';
  const has = text !== '';
  switch (filter.operator) {
    case 'EQ':
      return has && lower(text) === lower(value);
    case 'NEQ':
      return !has || lower(text) !== lower(value);
    case 'CONTAINS_TOKEN':
      return has && wordPattern(value).test(text);
    case 'NOT_CONTAINS_TOKEN':
      return !has || !wordPattern(value).test(text);
    case 'HAS_PROPERTY':
      return has;
    case 'NOT_HAS_PROPERTY':
      return !has;
    case 'IN':
      return has && (filter.values ?? []).map(lower).includes(lower(text));
    case 'NOT_IN':
      return !has || !(filter.values ?? []).map(lower).includes(lower(text));
    default:
      throw new SearchInputError(`Unsupported filter operator: ${String(filter.operator)}`);
  }
}

function compare(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const [x, y] = [Number(a), Number(b)];
  return Number.isNaN(x) || Number.isNaN(y) ? a.localeCompare(b) : x - y;
}

export function searchRecords<T extends SearchableRecord>(
  type: string,
  records: T[],
  body: Obj,
  lagMs: number,
  view: (record: T, properties?: string[]) => Obj,
): Obj {
  const limit = body.limit === undefined ? 10 : Number(body.limit);
  if (!Number.isInteger(limit) || limit < 0 || limit > 200)
    throw new SearchInputError('limit must be a whole number from 0 to 200');
  const after = Number(body.after ?? 0);
  if (!Number.isInteger(after) || after < 0) throw new SearchInputError('after must be a cursor');
  const groups = (body.filterGroups ?? []) as Array<{ filters?: Filter[] }>;
  if (!Array.isArray(groups) || groups.length > 5)
    throw new SearchInputError('filterGroups: at most 5 groups');
  if (groups.some((g) => (g.filters ?? []).length > 6))
    throw new SearchInputError('filterGroups: at most 6 filters in a group');
  const query = typeof body.query === 'string' ? body.query.trim().toLowerCase() : '';
  const cutoff = Date.now() - lagMs;

  const hits = records.filter(
    (r) =>
      !r.archived &&
      Date.parse(r.createdAt) <= cutoff &&
      (!query ||
        (SEARCHABLE[type] ?? []).some((p) =>
          (r.properties[p] ?? '').toLowerCase().includes(query),
        )) &&
      (groups.length === 0 || groups.some((g) => (g.filters ?? []).every((f) => matches(r, f)))),
  );
  const sort = (
    (body.sorts ?? []) as Array<{ propertyName?: string; direction?: string } | string>
  )[0];
  if (sort) {
    const by = typeof sort === 'string' ? sort : (sort.propertyName ?? '');
    const sign = typeof sort !== 'string' && sort.direction === 'DESCENDING' ? -1 : 1;
    hits.sort((a, b) => sign * compare(a.properties[by] ?? null, b.properties[by] ?? null));
  }
  const names = Array.isArray(body.properties) ? body.properties.map(String) : undefined;
  const next = after + limit;
  return {
    total: hits.length,
    results: hits.slice(after, next).map((r) => view(r, names)),
    ...(next < hits.length ? { paging: { next: { after: String(next) } } } : {}),
  };
}
