// A fake of the parts of Salesforce Pitchpad uses, on loopback, from Salesforce's public docs. One
// server is both the login host (SALESFORCE_LOGIN_URL) and the org's instance_url. OAuth and the
// identity URL are in salesforceOAuth.ts, search and SOQL in salesforceQuery.ts; this file holds
// the org's records and the REST API under /services/data/vNN.0/ (any version; v68.0 is the one
// the current docs show):
//  - GET parameterizedSearch/, GET query/, GET sobjects/<SObject>/<id>, POST sobjects/Task/
//    (Subject, Description, WhoId, WhatId, Status, ActivityDate, TaskSubtype, Priority, ...)
//    → 201 {id, success:true, errors:[]};
//  - seeded: Accounts Freightly and Globex, Contacts Dana Ortiz (Freightly) and Sam Lee (Globex),
//    a Lead, Opportunities 'Freightly — 40 seats' and 'Globex pilot'; 18-character ids with the
//    real key prefixes (001 Account, 003 Contact, 00Q Lead, 006 Opportunity, 00T Task);
//  - errors as Salesforce sends them, a JSON array of {message, errorCode[, fields]}: 401
//    INVALID_SESSION_ID, 403 REQUEST_LIMIT_EXCEEDED, 400 FIELD_INTEGRITY_EXCEPTION (a WhoId that is
//    not a Contact or Lead, a WhatId that is not an Account or Opportunity),
//    INVALID_CROSS_REFERENCE_KEY (no such record), ENTITY_IS_DELETED, STRING_TOO_LONG (Subject over
//    255, Description over 32,000), INVALID_FIELD, MALFORMED_QUERY, 404 NOT_FOUND; and the scripted
//    faults. The REST docs list no 429: the fake's rate limit is a 503 with Retry-After.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  bearerOf,
  dropConnection,
  Faults,
  listenLoopback,
  readBody,
  sendJson,
  type LoggedRequest,
  type Obj,
} from './oauthConsent';
import { salesforceOAuth, type SalesforceOAuthOptions } from './salesforceOAuth';
import {
  FIELDS,
  isIdShaped,
  PREFIX,
  runQuery,
  runSearch,
  SalesforceError,
  sobjectType,
  to18,
  view,
  fieldNames,
  type SalesforceRecord,
  type SObjectType,
} from './salesforceQuery';

export type { SalesforceRecord, SObjectType } from './salesforceQuery';

export interface StartFakeSalesforceOptions extends SalesforceOAuthOptions {
  /** The URL the app reaches this fake at, when not its own (salesforce-server.ts runs it behind a port). */
  publicUrl?: string;
}

export interface FakeSalesforce {
  /** Where this fake listens: the login host (SALESFORCE_LOGIN_URL) and, in process, the instance. */
  url: string;
  /** The instance_url and identity host handed to the app: `publicUrl` when given, else `url`. */
  instanceUrl: string;
  orgId: string;
  userId: string;
  /** Ids of the seeded records. */
  ids: {
    dana: string;
    sam: string;
    priya: string;
    freightly: string;
    globex: string;
    freightlyOpportunity: string;
    globexOpportunity: string;
  };
  records: Map<string, SalesforceRecord>;
  /** Tasks created through the API, oldest first. */
  readonly tasks: SalesforceRecord[];
  tokens: { issued: number; refreshed: number; revoked: number };
  requests: LoggedRequest[];
  authorizeUrl(p: {
    redirectUri: string;
    state: string;
    scope?: string[];
    codeChallenge?: string;
  }): string;
  /** What 'Allow' or 'Deny' does: the redirect the browser gets. */
  consent(authorizeUrl: string, decision: 'allow' | 'deny'): URL;
  /** The token answer of a completed authorization, for tests that skip the browser. */
  mintTokens(scopes?: string[]): {
    access_token: string;
    refresh_token?: string;
    instance_url: string;
    id: string;
  };
  addRecord(
    type: Exclude<SObjectType, 'Task'>,
    fields: Record<string, string | number>,
  ): SalesforceRecord;
  /** Deletes a record (to the recycle bin): search and SOQL skip it, a Task naming it fails. */
  deleteRecord(id: string): void;
  /** Every access token is past the session timeout (refresh tokens still work). */
  expireAccessTokens(): void;
  /** The user is deactivated: all tokens stop working; a refresh answers 'authentication failure'. */
  deactivateUser(): void;
  /** The next `count` REST calls answer 403 REQUEST_LIMIT_EXCEEDED (the org's daily API limit). */
  exceedRequestLimit(count?: number): void;
  /** The next `count` REST calls (matching `path`) answer `status`. */
  failNext(status: number, count?: number, path?: RegExp): void;
  /** The next `count` REST calls answer `status` (503 by default) with Retry-After: `seconds`. */
  rateLimitNext(seconds: number, count?: number, status?: number, path?: RegExp): void;
  /** The next `count` Task creations are stored, then the connection drops unanswered. */
  dropAnswerAfterWrite(count?: number): void;
  close(): Promise<void>;
}

const API_VERSION = '68.0';
const API_PATH = /^\/services\/data\//;
const TASK_CREATABLE = [
  'Subject',
  'Description',
  'WhoId',
  'WhatId',
  'Status',
  'ActivityDate',
  'TaskSubtype',
  'Priority',
  'Type',
  'OwnerId',
];
const MAX_LENGTH: Record<string, number> = { Subject: 255, Description: 32_000 };
const PICKLISTS: Record<string, string[]> = {
  Status: ['Not Started', 'In Progress', 'Completed', 'Waiting on someone else', 'Deferred'],
  Priority: ['High', 'Normal', 'Low'],
  TaskSubtype: ['Task', 'Email', 'ListEmail', 'Cadence', 'Call', 'LinkedIn'],
};
/** The field labels Salesforce names in lookup errors. */
const LABELS: Record<string, string> = { WhoId: 'Name ID', WhatId: 'Related To ID' };
const LOOKUPS: Record<string, SObjectType[]> = {
  WhoId: ['Contact', 'Lead'],
  WhatId: ['Account', 'Opportunity'],
};
/** Salesforce's datetime form: 2026-11-29T06:00:00.000+0000. */
const stamp = () => new Date().toISOString().replace('Z', '+0000');

export async function startFakeSalesforce(
  opts: StartFakeSalesforceOptions,
): Promise<FakeSalesforce> {
  const records = new Map<string, SalesforceRecord>();
  const requests: LoggedRequest[] = [];
  const faults = new Faults(API_PATH);
  let limitExceeded = 0;
  // Ids unique across fakes too: test files sharing one database each run their own fake.
  const pod = Math.random().toString(36).slice(2, 4).padEnd(2, '0');
  let seq = Math.floor(Math.random() * 1e9);
  const newId = (prefix: string) =>
    to18(`${prefix}${pod}${(++seq).toString(36).padStart(10, '0')}`);
  const orgId = newId('00D');
  const userId = newId('005');
  let base = '';
  const oauth = salesforceOAuth(
    opts,
    {
      orgId,
      userId,
      username: 'dana.rep@pitchpad-fake.example',
      displayName: 'Riley Rep',
      email: 'rep@pitchpad-fake.example',
    },
    API_VERSION,
    () => base,
  );

  function add(
    type: SObjectType,
    fields: Record<string, string | number | boolean | null>,
  ): SalesforceRecord {
    const at = stamp();
    const record: SalesforceRecord = {
      Id: newId(PREFIX[type]),
      type,
      fields: {
        OwnerId: userId,
        ...fields,
        CreatedDate: at,
        LastModifiedDate: at,
        IsDeleted: false,
      },
      deleted: false,
    };
    if ('FirstName' in fields || 'LastName' in fields)
      record.fields.Name = [fields.FirstName, fields.LastName].filter(Boolean).join(' ');
    records.set(record.Id, record);
    return record;
  }

  const freightly = add('Account', {
    Name: 'Freightly',
    Website: 'freightly.example',
    Industry: 'Transportation',
  });
  const globex = add('Account', {
    Name: 'Globex',
    Website: 'globex.example',
    Industry: 'Manufacturing',
  });
  const dana = add('Contact', {
    FirstName: 'Dana',
    LastName: 'Ortiz',
    Email: 'dana@freightly.example',
    Title: 'Head of Operations',
    AccountId: freightly.Id,
  });
  const sam = add('Contact', {
    FirstName: 'Sam',
    LastName: 'Lee',
    Email: 'sam.lee@globex.example',
    AccountId: globex.Id,
  });
  const priya = add('Lead', {
    FirstName: 'Priya',
    LastName: 'Nair',
    Email: 'priya@initech.example',
    Company: 'Initech',
    Status: 'Open - Not Contacted',
  });
  const freightlyOpportunity = add('Opportunity', {
    Name: 'Freightly — 40 seats',
    AccountId: freightly.Id,
    StageName: 'Proposal/Price Quote',
    Amount: 24000,
    CloseDate: '2026-12-31',
  });
  const globexOpportunity = add('Opportunity', {
    Name: 'Globex pilot',
    AccountId: globex.Id,
    StageName: 'Qualification',
    Amount: 6000,
    CloseDate: '2027-01-31',
  });

  /** A live record by id (15 or 18 characters), or why not. */
  function lookup(id: string): SalesforceRecord | 'missing' | 'deleted' {
    const record = isIdShaped(id) ? records.get(to18(id)) : undefined;
    if (!record) return 'missing';
    return record.deleted ? 'deleted' : record;
  }

  function createTask(body: Obj): SalesforceRecord {
    const fields: Record<string, string | null> = {};
    for (const [name, value] of Object.entries(body)) {
      const known = FIELDS.Task.find((f) => f.toLowerCase() === name.toLowerCase());
      if (!known)
        throw new SalesforceError(
          400,
          'INVALID_FIELD',
          `No such column '${name}' on sobject of type Task`,
        );
      if (!TASK_CREATABLE.includes(known))
        throw new SalesforceError(
          400,
          'INVALID_FIELD_FOR_INSERT_UPDATE',
          `Unable to create/update fields: ${known}. Please check the security settings of this field and verify that it is read/write for your profile or permission set.`,
          [known],
        );
      fields[known] = value === null || value === undefined ? null : String(value);
    }
    for (const [name, max] of Object.entries(MAX_LENGTH)) {
      const text = fields[name] ?? '';
      if (text.length > max)
        throw new SalesforceError(
          400,
          'STRING_TOO_LONG',
          `${name}: data value too large: ${text.slice(0, 60)}... (max length=${max})`,
          [name],
        );
    }
    for (const [name, options] of Object.entries(PICKLISTS)) {
      const value = fields[name];
      if (value !== undefined && value !== null && !options.includes(value))
        throw new SalesforceError(
          400,
          'INVALID_OR_NULL_FOR_RESTRICTED_PICKLIST',
          `${name}: bad value for restricted picklist field: ${value}`,
          [name],
        );
    }
    if (fields.ActivityDate && !/^\d{4}-\d{2}-\d{2}$/.test(fields.ActivityDate))
      throw new SalesforceError(
        400,
        'JSON_PARSER_ERROR',
        `Cannot deserialize instance of date from VALUE_STRING value ${fields.ActivityDate} or request may be missing a required field`,
      );
    let accountId: string | null = null;
    for (const [name, allowed] of Object.entries(LOOKUPS)) {
      const id = fields[name];
      if (!id) continue;
      if (!isIdShaped(id) || !allowed.some((t) => id.startsWith(PREFIX[t])))
        throw new SalesforceError(
          400,
          'FIELD_INTEGRITY_EXCEPTION',
          `${LABELS[name]}: id value of incorrect type: ${id}`,
          [name],
        );
      const target = lookup(id);
      if (target === 'missing')
        throw new SalesforceError(
          400,
          'INVALID_CROSS_REFERENCE_KEY',
          'invalid cross reference id',
          [name],
        );
      if (target === 'deleted')
        throw new SalesforceError(400, 'ENTITY_IS_DELETED', 'entity is deleted', [name]);
      fields[name] = target.Id;
      if (target.type === 'Account') accountId = target.Id;
      else if (typeof target.fields.AccountId === 'string') accountId ??= target.fields.AccountId;
    }
    const status = fields.Status ?? 'Not Started';
    return add('Task', {
      Status: status,
      Priority: 'Normal',
      TaskSubtype: 'Task',
      ...fields,
      AccountId: accountId,
      IsClosed: status === 'Completed',
    });
  }

  async function rest(req: IncomingMessage, res: ServerResponse, url: URL, raw: string) {
    const m = /^\/services\/data\/v(\d+\.\d)\/?(.*?)\/?$/.exec(url.pathname);
    if (!m)
      return sendJson(res, 200, [
        { label: "Winter '27", url: `/services/data/v${API_VERSION}`, version: API_VERSION },
      ]);
    const found = oauth.tokens.check(bearerOf(req));
    if (typeof found === 'string')
      throw new SalesforceError(401, 'INVALID_SESSION_ID', 'Session expired or invalid');
    if (limitExceeded > 0) {
      limitExceeded -= 1;
      throw new SalesforceError(403, 'REQUEST_LIMIT_EXCEEDED', 'TotalRequests Limit exceeded.');
    }
    const [version, resource] = [m[1]!, m[2]!];
    if (req.method === 'GET' && resource === 'parameterizedSearch')
      return sendJson(res, 200, runSearch(url.searchParams, records.values(), version));
    if (req.method === 'GET' && resource === 'query')
      return sendJson(
        res,
        200,
        runQuery(url.searchParams.get('q') ?? '', records.values(), version),
      );
    const sobject = /^sobjects\/(\w+)(?:\/(\w+))?$/.exec(resource);
    if (sobject && req.method === 'POST' && !sobject[2] && sobjectType(sobject[1]!) === 'Task') {
      const body = JSON.parse(raw || 'null') as unknown;
      if (!body || typeof body !== 'object' || Array.isArray(body))
        throw new SalesforceError(
          400,
          'JSON_PARSER_ERROR',
          'The request body must be a JSON object',
        );
      const task = createTask(body as Obj);
      if (faults.takeDrop()) return dropConnection(res);
      return sendJson(res, 201, { id: task.Id, success: true, errors: [] });
    }
    if (sobject && req.method === 'GET' && sobject[2]) {
      const type = sobjectType(sobject[1]!);
      const target = lookup(sobject[2]);
      if (target === 'deleted')
        throw new SalesforceError(404, 'ENTITY_IS_DELETED', 'entity is deleted');
      if (target === 'missing' || target.type !== type)
        throw new SalesforceError(404, 'NOT_FOUND', 'The requested resource does not exist');
      const names = url.searchParams.get('fields');
      return sendJson(res, 200, view(target, version, names ? fieldNames(type, names) : undefined));
    }
    throw new SalesforceError(404, 'NOT_FOUND', 'The requested resource does not exist');
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({ method: req.method ?? 'GET', path: url.pathname, at: new Date() });
    if (oauth.page(req, res, url, raw)) return;
    const fault = faults.take(url.pathname);
    if (fault)
      return sendJson(
        res,
        fault.status,
        [
          {
            message:
              fault.status === 503
                ? 'Server unavailable, please retry later'
                : 'An unexpected error occurred. Please include this ErrorId if you contact support.',
            errorCode: fault.status === 503 ? 'SERVER_UNAVAILABLE' : 'UNKNOWN_EXCEPTION',
          },
        ],
        fault.retryAfterSeconds === undefined
          ? {}
          : { 'retry-after': String(fault.retryAfterSeconds) },
      );
    try {
      if (oauth.api(req, res, url, raw)) return;
      if (API_PATH.test(url.pathname) || url.pathname === '/services/data')
        return await rest(req, res, url, raw);
      return sendJson(res, 404, [
        { errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' },
      ]);
    } catch (error) {
      if (error instanceof SyntaxError)
        return sendJson(res, 400, [
          {
            message: `Unexpected character in the JSON body: ${error.message}`,
            errorCode: 'JSON_PARSER_ERROR',
          },
        ]);
      if (!(error instanceof SalesforceError)) throw error;
      const fields = error.fields ? { fields: error.fields } : {};
      return sendJson(res, error.status, [
        { message: error.message, errorCode: error.errorCode, ...fields },
      ]);
    }
  }

  const server = await listenLoopback(handle);
  base = opts.publicUrl?.replace(/\/$/, '') ?? server.url;

  return {
    url: server.url,
    instanceUrl: base,
    orgId,
    userId,
    ids: {
      dana: dana.Id,
      sam: sam.Id,
      priya: priya.Id,
      freightly: freightly.Id,
      globex: globex.Id,
      freightlyOpportunity: freightlyOpportunity.Id,
      globexOpportunity: globexOpportunity.Id,
    },
    records,
    get tasks() {
      return [...records.values()].filter((r) => r.type === 'Task');
    },
    tokens: oauth.tokens.counts,
    requests,
    authorizeUrl: (p) => oauth.authorizeUrl(p),
    consent: (authorizeUrl, decision) => oauth.consent(authorizeUrl, decision),
    mintTokens: (scopes) => oauth.mintTokens(scopes),
    addRecord: (type, fields) => add(type, fields),
    deleteRecord(id) {
      const record = records.get(to18(id));
      if (record) record.deleted = true;
    },
    expireAccessTokens: () => oauth.tokens.expireAll(),
    deactivateUser: () => oauth.deactivateUser(),
    exceedRequestLimit(count = 1) {
      limitExceeded += count;
    },
    failNext: (status, count = 1, path) => faults.add(status, count, path),
    rateLimitNext: (seconds, count = 1, status = 503, path) =>
      faults.add(status, count, path, seconds),
    dropAnswerAfterWrite: (count = 1) => faults.dropAfterWrite(count),
    close: () => server.close(),
  };
}
