// A fake of the parts of HubSpot Pitchpad uses, on loopback, from HubSpot's public API docs. One
// server plays both app.hubspot.com (the install consent page) and api.hubapi.com. OAuth is in
// hubspotOAuth.ts, search in hubspotSearch.ts; this file holds the CRM records and the calls:
//  - under /crm/v3/objects/... and the date-versioned /crm/objects/2026-03/...: search contacts,
//    companies and deals (seeded below: Dana Ortiz at Freightly, Sam Lee at Globex, a deal each);
//    create notes and emails with associations (note→contact 202, →company 190, →deal 214;
//    email→contact 198, →company 186, →deal 210), search them, read one back;
//  - errors as HubSpot words them, {status:'error', message, correlationId, category}: 401
//    INVALID_AUTHENTICATION or EXPIRED_AUTHENTICATION, 403 MISSING_SCOPES, 400 VALIDATION_ERROR
//    (unknown property, hs_note_body over 65,536 characters, an association to a missing or
//    deleted record), 404 OBJECT_NOT_FOUND, and the scripted 429 RATE_LIMITS and 5xx.
// Tests read what was written (`notes`, `emails`, `tokens`, `requests`) and script faults.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ALL_SCOPES, hubSpotOAuth } from './hubspotOAuth';
import { SearchInputError, searchRecords, SINGULAR } from './hubspotSearch';
import {
  bearerOf,
  correlationId,
  dropConnection,
  Faults,
  listenLoopback,
  readBody,
  sendJson,
  type LoggedRequest,
  type Obj,
} from './oauthConsent';

export type CrmObjectType = 'contacts' | 'companies' | 'deals';
export type EngagementType = 'notes' | 'emails';

export interface HubSpotRecord {
  id: string;
  properties: Record<string, string | null>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
}

export interface HubSpotAssociation {
  toObjectType: CrmObjectType;
  toObjectId: string;
  associationTypeId: number;
}

export interface HubSpotEngagement extends HubSpotRecord {
  associations: HubSpotAssociation[];
}

export interface StartFakeHubSpotOptions {
  clientId: string;
  clientSecret: string;
  /** The app's redirect URLs; when given, authorize and token requests must use one of them. */
  redirectUris?: string[];
  portalId?: number;
  appName?: string;
  /** Records created this recently are not found by search yet (HubSpot indexes with a lag). */
  searchLagMs?: number;
  /** How long an authorization code lasts (default 5 minutes; HubSpot says only "a short window"). */
  codeTtlMs?: number;
}

export interface FakeHubSpot {
  url: string;
  portalId: number;
  /** Ids of the seeded records, for tests to associate with. */
  ids: {
    dana: string;
    sam: string;
    freightly: string;
    globex: string;
    freightlyDeal: string;
    globexDeal: string;
  };
  contacts: Map<string, HubSpotRecord>;
  companies: Map<string, HubSpotRecord>;
  deals: Map<string, HubSpotRecord>;
  /** Notes and emails created through the API, oldest first, with their associations. */
  readonly notes: HubSpotEngagement[];
  readonly emails: HubSpotEngagement[];
  tokens: { issued: number; refreshed: number; revoked: number };
  requests: LoggedRequest[];
  /** The install URL an app would send the user to. */
  authorizeUrl(p: {
    redirectUri: string;
    scope: string[];
    state: string;
    optionalScope?: string[];
    codeChallenge?: string;
  }): string;
  /** What clicking 'Connect app' (allow) or 'Cancel' (deny) does: the redirect the browser gets. */
  consent(authorizeUrl: string, decision: 'allow' | 'deny'): URL;
  /** Tokens as if an install had just completed, for tests that skip the browser. */
  mintTokens(scopes?: string[]): {
    access_token: string;
    refresh_token: string;
    expires_in: number;
  };
  addContact(properties: Record<string, string>): HubSpotRecord;
  addCompany(properties: Record<string, string>): HubSpotRecord;
  addDeal(properties: Record<string, string>): HubSpotRecord;
  /** Deletes (archives) a record: search no longer finds it, and associating to it fails. */
  deleteRecord(id: string): void;
  /** Every access token issued so far is now expired (refresh tokens still work). */
  expireAccessTokens(): void;
  /** The next installs grant all they asked for except these scopes (a portal without them). */
  withholdScopes(scopes: string[]): void;
  /** The user uninstalls the app: every refresh and access token stops working. */
  uninstallApp(): void;
  setSearchLag(ms: number): void;
  /** The next `count` API requests (matching `path`, default /crm/...) answer `status`. */
  failNext(status: number, count?: number, path?: RegExp): void;
  /** The next `count` API requests answer 429 with Retry-After: `seconds`. */
  rateLimitNext(seconds: number, count?: number, path?: RegExp): void;
  /** The next `count` note/email creations are stored, then the connection drops unanswered. */
  dropAnswerAfterWrite(count?: number): void;
  close(): Promise<void>;
}

const NOTE_BODY_MAX = 65_536;
const API_PATH = /^\/crm\//;
const now = () => new Date().toISOString();

/** HubSpot-defined association type ids, per the notes and emails API guides. */
const ASSOCIATION_TYPES: Record<EngagementType, Record<number, CrmObjectType>> = {
  notes: { 202: 'contacts', 190: 'companies', 214: 'deals' },
  emails: { 198: 'contacts', 186: 'companies', 210: 'deals' },
};

/** The properties each engagement accepts; others fail as HubSpot fails an unknown property. */
const ENGAGEMENT_PROPERTIES: Record<EngagementType, string[]> = {
  notes: ['hs_timestamp', 'hs_note_body', 'hubspot_owner_id', 'hs_attachment_ids'],
  emails: [
    'hs_timestamp',
    'hubspot_owner_id',
    'hs_email_direction',
    'hs_email_html',
    'hs_email_status',
    'hs_email_subject',
    'hs_email_text',
    'hs_attachment_ids',
    'hs_email_headers',
  ],
};
/** What a read returns when it names no properties, per HubSpot's search guide. */
const DEFAULT_PROPERTIES: Record<CrmObjectType | EngagementType, string[]> = {
  contacts: ['createdate', 'email', 'firstname', 'hs_object_id', 'lastmodifieddate', 'lastname'],
  companies: ['createdate', 'domain', 'hs_lastmodifieddate', 'hs_object_id', 'name'],
  deals: [
    'amount',
    'closedate',
    'createdate',
    'dealname',
    'dealstage',
    'hs_lastmodifieddate',
    'hs_object_id',
    'pipeline',
  ],
  notes: ['hs_createdate', 'hs_lastmodifieddate', 'hs_object_id'],
  emails: ['hs_createdate', 'hs_lastmodifieddate', 'hs_object_id'],
};
/** Shown even when a read names its properties. */
const ALWAYS_SHOWN = [
  'hs_object_id',
  'createdate',
  'hs_createdate',
  'lastmodifieddate',
  'hs_lastmodifieddate',
];
const EMAIL_OPTIONS: Record<string, string[]> = {
  hs_email_direction: ['EMAIL', 'INCOMING_EMAIL', 'FORWARDED_EMAIL'],
  hs_email_status: ['BOUNCED', 'FAILED', 'SCHEDULED', 'SENDING', 'SENT'],
};

/** The scope each call needs (notes and emails are read and written under the contacts scopes). */
function requiredScope(type: string, write: boolean): string {
  if (type === 'emails' && !write) return 'sales-email-read';
  const object = type === 'companies' || type === 'deals' ? type : 'contacts';
  return `crm.objects.${object}.${write ? 'write' : 'read'}`;
}

/** An API error as HubSpot words it. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly category: string,
    message: string,
    readonly extra: Obj = {},
  ) {
    super(message);
  }
}

/** HubSpot's answer to properties it refuses: the reasons, as JSON, inside the message. */
const invalidProperty = (name: string, error: string, message: string) =>
  new ApiError(
    400,
    'VALIDATION_ERROR',
    `Property values were not valid: ${JSON.stringify([{ isValid: false, message, error, name, localizedErrorMessage: message }])}`,
  );

const apiError = (
  res: ServerResponse,
  status: number,
  category: string,
  message: string,
  extra: Obj = {},
) =>
  sendJson(res, status, {
    status: 'error',
    message,
    correlationId: correlationId(),
    category,
    ...extra,
  });

export async function startFakeHubSpot(opts: StartFakeHubSpotOptions): Promise<FakeHubSpot> {
  const portalId = opts.portalId ?? 123456;
  const oauth = hubSpotOAuth({ ...opts, portalId });
  const faults = new Faults(API_PATH);
  const requests: LoggedRequest[] = [];
  const store: Record<CrmObjectType | EngagementType, Map<string, HubSpotEngagement>> = {
    contacts: new Map(),
    companies: new Map(),
    deals: new Map(),
    notes: new Map(),
    emails: new Map(),
  };
  let searchLagMs = opts.searchLagMs ?? 0;
  // Ids unique across fakes too, as test files sharing one database each run their own.
  let seq = 10_000_000 + Math.floor(Math.random() * 80_000_000);

  function create(type: keyof typeof store, props: Record<string, string | null>) {
    const id = String(++seq);
    const at = now();
    const engagement = type === 'notes' || type === 'emails';
    const record: HubSpotEngagement = {
      id,
      properties: {
        ...props,
        hs_object_id: id,
        [engagement ? 'hs_createdate' : 'createdate']: at,
        [type === 'contacts' ? 'lastmodifieddate' : 'hs_lastmodifieddate']: at,
      },
      createdAt: at,
      updatedAt: at,
      archived: false,
      associations: [],
    };
    store[type].set(id, record);
    return record;
  }

  const freightly = create('companies', { name: 'Freightly', domain: 'freightly.example' });
  const globex = create('companies', { name: 'Globex', domain: 'globex.example' });
  const dana = create('contacts', {
    firstname: 'Dana',
    lastname: 'Ortiz',
    email: 'dana@freightly.example',
    company: 'Freightly',
    jobtitle: 'Head of Operations',
  });
  const sam = create('contacts', {
    firstname: 'Sam',
    lastname: 'Lee',
    email: 'sam.lee@globex.example',
    company: 'Globex',
  });
  const freightlyDeal = create('deals', {
    dealname: 'Freightly — 40 seats',
    amount: '24000',
    dealstage: 'presentationscheduled',
    pipeline: 'default',
  });
  const globexDeal = create('deals', {
    dealname: 'Globex pilot',
    amount: '6000',
    dealstage: 'appointmentscheduled',
    pipeline: 'default',
  });

  function authorize(req: IncomingMessage, scope: string): void {
    const found = oauth.tokens.check(bearerOf(req));
    if (found === 'expired') {
      const expiredAt = oauth.tokens.find(bearerOf(req))!.expiresAt;
      const minutes = Math.max(1, Math.round((Date.now() - expiredAt) / 60_000));
      throw new ApiError(
        401,
        'EXPIRED_AUTHENTICATION',
        `The OAuth token used to make this call expired ${minutes} minute(s) ago.`,
      );
    }
    if (typeof found === 'string')
      throw new ApiError(
        401,
        'INVALID_AUTHENTICATION',
        'Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview',
      );
    if (!found.grant.scopes.includes(scope))
      throw new ApiError(
        403,
        'MISSING_SCOPES',
        "This app hasn't been granted all required scopes to make this call. Read more about required scopes here: https://developers.hubspot.com/scopes.",
        {
          errors: [
            {
              message: 'One or more of the following scopes are required.',
              context: { requiredGranularScopes: [scope] },
            },
          ],
          links: { scopes: 'https://developers.hubspot.com/scopes' },
        },
      );
  }

  function createEngagement(type: EngagementType, body: Obj): HubSpotEngagement {
    const props = (body.properties ?? {}) as Record<string, unknown>;
    if (typeof props !== 'object' || Array.isArray(props))
      throw new ApiError(
        400,
        'VALIDATION_ERROR',
        'Invalid input JSON: properties must be an object',
      );
    const clean: Record<string, string> = {};
    for (const [name, value] of Object.entries(props)) {
      if (!ENGAGEMENT_PROPERTIES[type].includes(name))
        throw invalidProperty(name, 'PROPERTY_DOESNT_EXIST', `Property "${name}" does not exist`);
      const text = String(value);
      const options = EMAIL_OPTIONS[name];
      if (options && !options.includes(text))
        throw invalidProperty(name, 'INVALID_OPTION', `${text} was not one of the allowed options`);
      clean[name] = text;
    }
    const stamp = clean.hs_timestamp;
    const when = stamp && /^\d+$/.test(stamp) ? new Date(Number(stamp)) : new Date(stamp ?? '');
    if (!stamp || Number.isNaN(when.getTime()))
      throw invalidProperty(
        'hs_timestamp',
        'INVALID_DATE',
        'hs_timestamp is required: a Unix timestamp in milliseconds or an ISO 8601 date',
      );
    clean.hs_timestamp = when.toISOString();
    const noteBody = clean.hs_note_body ?? '';
    if (noteBody.length > NOTE_BODY_MAX)
      throw invalidProperty(
        'hs_note_body',
        'INVALID_STRING_LENGTH',
        `hs_note_body has ${noteBody.length} characters; the maximum is ${NOTE_BODY_MAX}`,
      );
    const associations: HubSpotAssociation[] = [];
    for (const item of (body.associations ?? []) as Array<{
      to?: { id?: unknown };
      types?: Obj[];
    }>) {
      const toId = String(item.to?.id ?? '');
      for (const t of item.types ?? []) {
        const typeId = Number(t.associationTypeId);
        const toType = ASSOCIATION_TYPES[type][typeId];
        if (t.associationCategory !== 'HUBSPOT_DEFINED' || !toType)
          throw new ApiError(
            400,
            'VALIDATION_ERROR',
            `${String(t.associationCategory)} association type ${typeId} is not valid from ${type}`,
          );
        const target = store[toType].get(toId);
        if (!target || target.archived)
          throw new ApiError(
            400,
            'VALIDATION_ERROR',
            `Could not create associations: ${toType} with id ${toId} does not exist`,
            { context: { ids: [toId] } },
          );
        associations.push({ toObjectType: toType, toObjectId: toId, associationTypeId: typeId });
      }
    }
    const record = create(type, clean);
    record.associations = associations;
    return record;
  }

  /** A record as the API shows it: the asked-for properties (or the defaults) and associations. */
  function view(
    type: keyof typeof store,
    record: HubSpotEngagement,
    names?: string[],
    to?: string[],
  ) {
    const always = Object.keys(record.properties).filter((k) => ALWAYS_SHOWN.includes(k));
    const keep = names?.length ? [...new Set([...names, ...always])] : DEFAULT_PROPERTIES[type];
    const shown: Obj = {
      id: record.id,
      properties: Object.fromEntries(keep.map((k) => [k, record.properties[k] ?? null])),
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
      archived: false,
    };
    if (to?.length && (type === 'notes' || type === 'emails'))
      shown.associations = Object.fromEntries(
        to.map((toType) => [
          toType,
          {
            results: record.associations
              .filter((a) => a.toObjectType === toType)
              .map((a) => ({ id: a.toObjectId, type: `${SINGULAR[type]}_to_${SINGULAR[toType]}` })),
          },
        ]),
      );
    return shown;
  }

  async function crm(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    url: URL,
    raw: string,
  ) {
    const m = /^\/crm\/(?:v3\/objects|objects\/\d{4}-\d{2})\/(\w+)(?:\/(search|[\w-]+))?\/?$/.exec(
      path,
    );
    const type = m?.[1] as keyof typeof store | undefined;
    if (!m || !type || !(type in store))
      throw new ApiError(404, 'OBJECT_NOT_FOUND', `Unknown path ${req.method} ${path}`);
    const body = (raw.trim() ? JSON.parse(raw) : {}) as Obj;
    if (req.method === 'POST' && m[2] === 'search') {
      authorize(req, requiredScope(type, false));
      const records = [...store[type].values()];
      const show = (r: HubSpotEngagement, names?: string[]) => view(type, r, names);
      return sendJson(res, 200, searchRecords(type, records, body, searchLagMs, show));
    }
    if (req.method === 'POST' && !m[2] && (type === 'notes' || type === 'emails')) {
      authorize(req, requiredScope(type, true));
      const record = createEngagement(type, body);
      if (faults.takeDrop()) return dropConnection(res);
      return sendJson(res, 201, view(type, record, Object.keys(record.properties)));
    }
    if (req.method === 'GET' && m[2]) {
      authorize(req, requiredScope(type, false));
      const record = store[type].get(m[2]);
      if (!record || record.archived)
        throw new ApiError(
          404,
          'OBJECT_NOT_FOUND',
          'Object not found.  objectId are usually numeric.',
          { context: { id: [m[2]] } },
        );
      const list = (name: string) => url.searchParams.get(name)?.split(',').filter(Boolean);
      return sendJson(res, 200, view(type, record, list('properties'), list('associations')));
    }
    throw new ApiError(405, 'VALIDATION_ERROR', `${req.method} is not supported on ${path}`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    requests.push({ method: req.method ?? 'GET', path, at: new Date() });
    if (oauth.page(req, res, url, raw)) return;

    const fault = faults.take(path);
    if (fault?.retryAfterSeconds !== undefined)
      return sendJson(
        res,
        fault.status,
        {
          status: 'error',
          message: 'You have reached your ten_secondly_rolling limit.',
          errorType: 'RATE_LIMIT',
          correlationId: correlationId(),
          policyName: 'TEN_SECONDLY_ROLLING',
          category: 'RATE_LIMITS',
        },
        { 'retry-after': String(fault.retryAfterSeconds) },
      );
    if (fault) return apiError(res, fault.status, 'INTERNAL_ERROR', 'internal error');

    try {
      if (oauth.api(req, res, url, raw)) return;
      if (API_PATH.test(path)) return await crm(req, res, path, url, raw);
      return apiError(res, 404, 'OBJECT_NOT_FOUND', `Unknown path ${req.method} ${path}`);
    } catch (error) {
      if (error instanceof SearchInputError)
        return apiError(res, 400, 'VALIDATION_ERROR', error.message);
      if (error instanceof SyntaxError)
        return apiError(res, 400, 'VALIDATION_ERROR', `Invalid input JSON: ${error.message}`);
      if (!(error instanceof ApiError)) throw error;
      return apiError(res, error.status, error.category, error.message, error.extra);
    }
  }

  const server = await listenLoopback(handle);
  const add = (type: CrmObjectType) => (props: Record<string, string>) => create(type, props);

  return {
    url: server.url,
    portalId,
    ids: {
      dana: dana.id,
      sam: sam.id,
      freightly: freightly.id,
      globex: globex.id,
      freightlyDeal: freightlyDeal.id,
      globexDeal: globexDeal.id,
    },
    contacts: store.contacts,
    companies: store.companies,
    deals: store.deals,
    get notes() {
      return [...store.notes.values()];
    },
    get emails() {
      return [...store.emails.values()];
    },
    tokens: oauth.tokens.counts,
    requests,
    authorizeUrl: (p) => oauth.authorizeUrl(server.url, p),
    consent: (authorizeUrl, decision) => oauth.consent(authorizeUrl, decision),
    mintTokens: (scopes = ALL_SCOPES) => oauth.mintTokens(scopes),
    addContact: add('contacts'),
    addCompany: add('companies'),
    addDeal: add('deals'),
    deleteRecord(id) {
      for (const type of ['contacts', 'companies', 'deals'] as const) {
        const record = store[type].get(id);
        if (record) record.archived = true;
      }
    },
    expireAccessTokens: () => oauth.tokens.expireAll(),
    withholdScopes: (scopes) => oauth.withholdScopes(scopes),
    uninstallApp: () => oauth.tokens.revokeAll(),
    setSearchLag(ms) {
      searchLagMs = ms;
    },
    failNext: (status, count = 1, path) => faults.add(status, count, path),
    rateLimitNext: (seconds, count = 1, path) => faults.add(429, count, path, seconds),
    dropAnswerAfterWrite: (count = 1) => faults.dropAfterWrite(count),
    close: () => server.close(),
  };
}
