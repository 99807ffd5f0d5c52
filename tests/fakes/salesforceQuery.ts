// The records side of the Salesforce fake (salesforce.ts): the few sObjects it knows, their ids,
// and the two read paths Pitchpad uses, from the REST API Developer Guide:
//  - parameterizedSearch: q, repeated sobject=, <SObject>.fields=, fields=, <SObject>.limit=,
//    defaultLimit=, overallLimit=, in=ALL|NAME|EMAIL|PHONE → {searchRecords:[...]}. Terms match
//    whole words (case-insensitive, `*` a wildcard) and all of them must match, as in SOSL.
//  - query: only `SELECT f, ... FROM <SObject> [WHERE f LIKE '..' | WHERE f = '..']
//    [ORDER BY f [ASC|DESC]] [LIMIT n]` → {totalSize, done:true, records:[...]}; anything else
//    is MALFORMED_QUERY, an unknown field INVALID_FIELD, an unknown object INVALID_TYPE.
// Errors are thrown as SalesforceError and answered as Salesforce does: [{message, errorCode}].
import { wordPattern, type Obj } from './oauthConsent';

export type SObjectType = 'Account' | 'Contact' | 'Lead' | 'Opportunity' | 'Task';

export interface SalesforceRecord {
  Id: string;
  type: SObjectType;
  fields: Record<string, string | number | boolean | null>;
  deleted: boolean;
}

export class SalesforceError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly fields?: string[],
  ) {
    super(message);
  }
}

/** Key prefixes, the first three characters of every id of that object. */
export const PREFIX: Record<SObjectType, string> = {
  Account: '001',
  Contact: '003',
  Lead: '00Q',
  Opportunity: '006',
  Task: '00T',
};

const SYSTEM = ['Id', 'CreatedDate', 'LastModifiedDate', 'IsDeleted', 'OwnerId'];
export const FIELDS: Record<SObjectType, string[]> = {
  Account: [...SYSTEM, 'Name', 'Website', 'Industry', 'Phone'],
  Contact: [...SYSTEM, 'FirstName', 'LastName', 'Name', 'Email', 'Phone', 'Title', 'AccountId'],
  Lead: [...SYSTEM, 'FirstName', 'LastName', 'Name', 'Email', 'Phone', 'Company', 'Status'],
  Opportunity: [...SYSTEM, 'Name', 'AccountId', 'StageName', 'Amount', 'CloseDate'],
  Task: [
    ...SYSTEM,
    'Subject',
    'Description',
    'WhoId',
    'WhatId',
    'AccountId',
    'Status',
    'ActivityDate',
    'TaskSubtype',
    'Priority',
    'Type',
    'IsClosed',
  ],
};

const SEARCH_SCOPES: Record<string, string[]> = {
  NAME: ['Name', 'FirstName', 'LastName'],
  EMAIL: ['Email'],
  PHONE: ['Phone'],
};
const SEARCHED_TYPES: SObjectType[] = ['Account', 'Contact', 'Lead', 'Opportunity'];

const ID_CHECKSUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

/** The 18-character form of a 15-character id: three letters encoding where its capitals are. */
export function to18(id: string): string {
  if (id.length !== 15) return id;
  let suffix = '';
  for (let chunk = 0; chunk < 3; chunk++) {
    let flags = 0;
    for (let i = 0; i < 5; i++) if (/[A-Z]/.test(id[chunk * 5 + i]!)) flags |= 1 << i;
    suffix += ID_CHECKSUM[flags];
  }
  return id + suffix;
}

export const isIdShaped = (id: string): boolean => /^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/.test(id);

/** A record as the REST API shows it: attributes, then the named fields (all of them by default). */
export function view(record: SalesforceRecord, apiVersion: string, names?: string[]): Obj {
  const keep = names ?? FIELDS[record.type].filter((f) => f in record.fields || f === 'Id');
  return {
    attributes: {
      type: record.type,
      url: `/services/data/v${apiVersion}/sobjects/${record.type}/${record.Id}`,
    },
    ...Object.fromEntries(
      keep.map((f) => [f, f === 'Id' ? record.Id : (record.fields[f] ?? null)]),
    ),
  };
}

/** Field names as the API takes them (any case), checked against the object's fields. */
export function fieldNames(type: SObjectType, list: string, entity = 'entity'): string[] {
  return list
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean)
    .map((f) => {
      const known = FIELDS[type].find((k) => k.toLowerCase() === f.toLowerCase());
      if (!known)
        throw new SalesforceError(
          400,
          'INVALID_FIELD',
          `No such column '${f}' on ${entity} '${type}'. If you are attempting to use a custom field, be sure to append the '__c' after the custom field name.`,
        );
      return known;
    });
}

export function sobjectType(name: string): SObjectType {
  const type = (Object.keys(PREFIX) as SObjectType[]).find(
    (t) => t.toLowerCase() === name.toLowerCase(),
  );
  if (!type)
    throw new SalesforceError(400, 'INVALID_TYPE', `sObject type '${name}' is not supported.`);
  return type;
}

const SOQL =
  /^\s*SELECT\s+(.+?)\s+FROM\s+(\w+)(?:\s+WHERE\s+(\w+)\s*(=|LIKE)\s*'((?:[^'\\]|\\.)*)')?(?:\s+ORDER\s+BY\s+(\w+)(?:\s+(ASC|DESC))?)?(?:\s+LIMIT\s+(\d+))?\s*$/i;

export function runQuery(q: string, records: Iterable<SalesforceRecord>, apiVersion: string): Obj {
  const m = SOQL.exec(q);
  if (!m)
    throw new SalesforceError(
      400,
      'MALFORMED_QUERY',
      `unexpected token: '${q.trim().split(/\s+/).slice(0, 6).join(' ')}'`,
    );
  const type = sobjectType(m[2]!);
  const select = fieldNames(type, m[1]!);
  const [where] = m[3] ? fieldNames(type, m[3]) : [];
  const value = (m[5] ?? '').replace(/\\(.)/g, '$1');
  // LIKE: % is any run of characters, _ any one; case-insensitive, as SOQL's LIKE is.
  const like = new RegExp(
    `^${value
      .split('')
      .map((c) => (c === '%' ? '.*' : c === '_' ? '.' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
    'is',
  );
  const test = (r: SalesforceRecord) => {
    if (!where) return true;
    const actual = where === 'Id' ? r.Id : r.fields[where];
    if (actual === null || actual === undefined) return false;
    if (m[4]!.toUpperCase() === 'LIKE') return like.test(String(actual));
    return where === 'Id'
      ? to18(value) === r.Id
      : String(actual).toLowerCase() === value.toLowerCase();
  };
  let hits = [...records].filter((r) => r.type === type && !r.deleted && test(r));
  if (m[6]) {
    const [by] = fieldNames(type, m[6]);
    const sign = m[7]?.toUpperCase() === 'DESC' ? -1 : 1;
    hits.sort(
      (a, b) => sign * String(a.fields[by!] ?? '').localeCompare(String(b.fields[by!] ?? '')),
    );
  }
  if (m[8]) hits = hits.slice(0, Number(m[8]));
  return {
    totalSize: hits.length,
    done: true,
    records: hits.map((r) => view(r, apiVersion, select)),
  };
}

export function runSearch(
  params: URLSearchParams,
  records: Iterable<SalesforceRecord>,
  apiVersion: string,
): Obj {
  const q = (params.get('q') ?? '').trim();
  const terms = q
    .split(/\s+/)
    .map((t) => t.replace(/^["']|["']$/g, ''))
    .filter(Boolean);
  if (terms.join('').replace(/\*/g, '').length < 2)
    throw new SalesforceError(
      400,
      'INVALID_SEARCH',
      `search term must be longer than one character: ${q}`,
    );
  const scope = (params.get('in') ?? 'ALL').toUpperCase();
  const asked = params.getAll('sobject');
  const types = asked.length ? asked.map(sobjectType) : SEARCHED_TYPES;
  const overall = Number(params.get('overallLimit') ?? 2000);
  const perType = Number(params.get('defaultLimit') ?? 2000);
  const patterns = terms.map(wordPattern);
  const all = [...records];
  const searchRecords: Obj[] = [];
  for (const type of types) {
    const fieldParam = params.get(`${type}.fields`) ?? params.get('fields');
    const names = fieldParam ? fieldNames(type, fieldParam) : ['Id'];
    const limit = Number(params.get(`${type}.limit`) ?? perType);
    const searched =
      SEARCH_SCOPES[scope] ?? FIELDS[type].filter((f) => !f.endsWith('Id') && !SYSTEM.includes(f));
    const hits = all.filter(
      (r) =>
        r.type === type &&
        !r.deleted &&
        patterns.every((p) => searched.some((f) => p.test(String(r.fields[f] ?? '')))),
    );
    searchRecords.push(...hits.slice(0, limit).map((r) => view(r, apiVersion, names)));
  }
  return { searchRecords: searchRecords.slice(0, overall) };
}
