// The rep's CRM: connecting HubSpot or Salesforce, finding the records a note belongs to, and
// pushing a note (a CRM note, a follow-up email, a call analysis, a debrief) into it. Shared by the
// API (which validates with these schemas) and the web app (which reads these types).
import { z } from 'zod';
import { CRM_NOTE_MAX_CHARS, CRM_PROVIDERS, CRM_TARGETS_MAX } from './crmBasics';

export {
  CRM_NAMES,
  CRM_NOTE_MAX_CHARS,
  CRM_PROVIDERS,
  CRM_TARGETS_MAX,
  CrmErrorCode,
  isCrmProvider,
} from './crmBasics';
import { groupThousands } from '../numbers';

export const CrmProvider = z.enum(CRM_PROVIDERS, {
  error: "Name the CRM: 'hubspot' or 'salesforce'.",
});
export type CrmProvider = z.infer<typeof CrmProvider>;

/**
 * The kinds of record a note is attached to, in the rep's words: HubSpot's contacts, companies and
 * deals; Salesforce's Contacts, Accounts and Opportunities.
 */
export const CrmRecordType = z.enum(['contact', 'company', 'deal'], {
  error: "A record is a 'contact', a 'company' or a 'deal'.",
});
export type CrmRecordType = z.infer<typeof CrmRecordType>;

/** A record in the rep's CRM, as a search finds it and a push names it. */
export const CrmRecord = z.object({
  type: CrmRecordType,
  id: z
    .string({ error: 'A record needs the id its CRM gave it.' })
    .regex(/^[A-Za-z0-9]{1,40}$/, 'A record id is the letters and digits its CRM gave it.'),
  name: z.string().trim().min(1, 'A record needs its name.').max(200),
  /** A second line: the contact's email and company, the deal's stage. */
  detail: z.string().max(200).optional(),
});
export type CrmRecord = z.infer<typeof CrmRecord>;

/** One CRM as the rep's account sees it. */
export const CrmConnectionInfo = z.object({
  provider: CrmProvider,
  /** The operator has set up this CRM's app: the rep can connect. */
  available: z.boolean(),
  /** The rep's connection, if any. */
  connection: z
    .object({
      /** The portal's domain or the org's host, to say which account is connected. */
      accountName: z.string(),
      connectedAt: z.string(),
      /** The CRM refused the connection (revoked, expired): pushes wait for 'Reconnect'. */
      needsReconnect: z.boolean(),
    })
    .nullable(),
});
export type CrmConnectionInfo = z.infer<typeof CrmConnectionInfo>;

/** GET /api/crm */
export const CrmConnectionsResponse = z.object({ crms: z.array(CrmConnectionInfo) });
export type CrmConnectionsResponse = z.infer<typeof CrmConnectionsResponse>;

/** POST /api/crm/:provider/connect answers where to send the browser: the CRM's consent page. */
export const CrmConnectResponse = z.object({ url: z.string() });
export type CrmConnectResponse = z.infer<typeof CrmConnectResponse>;

/** GET /api/crm/:provider/records?q= */
export const CrmRecordSearch = z.object({
  q: z
    .string({ error: 'Type a name to find a record.' })
    .trim()
    .min(2, 'Type at least 2 letters to find a record.')
    .max(100, 'Search with at most 100 characters.'),
});
export const CrmRecordsResponse = z.object({ records: z.array(CrmRecord) });
export type CrmRecordsResponse = z.infer<typeof CrmRecordsResponse>;

/** What a push carries from: the screens that offer 'Send to HubSpot'. */
export const CrmSourceKind = z.enum(['crm-note', 'follow-up', 'call-analysis', 'debrief'], {
  error: "Say what is pushed: 'crm-note', 'follow-up', 'call-analysis' or 'debrief'.",
});
export type CrmSourceKind = z.infer<typeof CrmSourceKind>;

/** PUT /api/crm/pushes/:id (the id is the phone's, so a retried push is the same push). */
export const CrmPushInput = z.object({
  provider: CrmProvider,
  source: z.object({
    kind: CrmSourceKind,
    /** Where in Pitchpad it came from (a chat's or a recording's id), to show the push there. */
    ref: z.string().max(100).optional(),
  }),
  /** What the note is about, for the rep's list and the notification ('Freightly'). */
  title: z
    .string({ error: 'Give the push a title.' })
    .trim()
    .min(1, 'Give the push a title.')
    .max(120, 'A title has at most 120 characters.'),
  body: z
    .string({ error: 'Write the note to send.' })
    .trim()
    .min(1, 'Write the note to send.')
    .max(
      CRM_NOTE_MAX_CHARS,
      `A note sent to a CRM has at most ${groupThousands(CRM_NOTE_MAX_CHARS)} characters: shorten it, or send it in parts.`,
    ),
  targets: z
    .array(CrmRecord)
    .min(1, 'Choose at least one record to attach the note to.')
    .max(CRM_TARGETS_MAX, `Attach the note to at most ${CRM_TARGETS_MAX} records.`),
  /** Log a follow-up as an email sent (HubSpot's email engagement, a Salesforce email task); with its subject. */
  asEmail: z
    .object({ subject: z.string().trim().min(1, 'An email needs its subject.').max(200) })
    .optional(),
});
export type CrmPushInput = z.input<typeof CrmPushInput>;

/** A push as the server holds it. */
export const CrmPush = z.object({
  id: z.string(),
  provider: CrmProvider,
  source: z.object({ kind: CrmSourceKind, ref: z.string().optional() }),
  title: z.string(),
  targets: z.array(CrmRecord),
  state: z.enum(['writing', 'written']),
  /** Opens the record the note is on, in the CRM. */
  recordUrl: z.string().nullable(),
  /** The note was cut to fit the CRM's field. */
  cut: z.boolean(),
  createdAt: z.string(),
  writtenAt: z.string().nullable(),
});
export type CrmPush = z.infer<typeof CrmPush>;

/** PUT /api/crm/pushes/:id */
export const CrmPushResponse = z.object({ push: CrmPush });
export type CrmPushResponse = z.infer<typeof CrmPushResponse>;

/** GET /api/crm/pushes: the rep's latest pushes, newest first. */
export const CrmPushesResponse = z.object({ pushes: z.array(CrmPush) });
export type CrmPushesResponse = z.infer<typeof CrmPushesResponse>;

/** A CRM app as Settings → Connections shows it to the operator (never its secret). */
export const CrmAppSettings = z.object({
  provider: CrmProvider,
  clientId: z.string().nullable(),
  /** A client secret is saved (or set by the environment). */
  hasSecret: z.boolean(),
  /** A secret is saved but this server's secret cannot open it: enter it again. */
  secretUnreadable: z.boolean(),
  /** Salesforce's login URL in use (a sandbox's, a My Domain); null for HubSpot. */
  loginUrl: z.string().nullable(),
  /** The environment sets this app: shown read-only. */
  fromEnv: z.boolean(),
  /** The redirect URL to register with the CRM. */
  redirectUri: z.string(),
  updatedAt: z.string().nullable(),
});
export type CrmAppSettings = z.infer<typeof CrmAppSettings>;

/** GET, PUT and DELETE /api/settings/crm(/:provider) */
export const CrmSettingsResponse = z.object({ apps: z.array(CrmAppSettings) });
export type CrmSettingsResponse = z.infer<typeof CrmSettingsResponse>;

/** PUT /api/settings/crm/:provider: an empty secret keeps the saved one. */
export const CrmAppInput = z.object({
  clientId: z
    .string({ error: 'Enter the app’s client id.' })
    .trim()
    .min(1, 'Enter the app’s client id.')
    .max(300, 'A client id has at most 300 characters.')
    .regex(/^\S+$/, 'A client id has no spaces.'),
  clientSecret: z
    .string()
    .trim()
    .max(500, 'A client secret has at most 500 characters.')
    .regex(/^\S*$/, 'A client secret has no spaces.')
    .optional(),
  loginUrl: z
    .string()
    .trim()
    .max(300)
    .refine(
      (v) =>
        v === '' ||
        (URL.canParse(v) &&
          (new URL(v).protocol === 'https:' ||
            (new URL(v).protocol === 'http:' &&
              /^(localhost|127\.0\.0\.1|\[::1\])$/.test(new URL(v).hostname)))),
      'Enter the login address as https://…, e.g. https://test.salesforce.com for a sandbox.',
    )
    .optional(),
});
export type CrmAppInput = z.input<typeof CrmAppInput>;
