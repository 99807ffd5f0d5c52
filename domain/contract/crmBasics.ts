// What the app and the API share about the CRMs without zod: which there are, their names, the
// limits of a push and the error codes. A screen that only names a CRM or reads a code (the account
// screen, the history, the outbox's push handler) imports this, not the schemas in crm.ts, whose
// building held a phone's main thread for about 200 ms at 4× CPU on every screen that loaded them.

export const CRM_PROVIDERS = ['hubspot', 'salesforce'] as const;
/** The same type as crm.ts's `CrmProvider` schema gives. */
export type CrmProvider = (typeof CRM_PROVIDERS)[number];

/** Whether `value` names a CRM Pitchpad connects to. */
export const isCrmProvider = (value: unknown): value is CrmProvider =>
  (CRM_PROVIDERS as readonly unknown[]).includes(value);

/** How each CRM is named to the rep. */
export const CRM_NAMES: Record<CrmProvider, string> = {
  hubspot: 'HubSpot',
  salesforce: 'Salesforce',
};

/** The most characters a pushed note may have; a CRM that takes fewer gets it cut, with a line saying so. */
export const CRM_NOTE_MAX_CHARS = 60_000;
/** The most records one push is attached to. */
export const CRM_TARGETS_MAX = 5;

/** Error codes of the CRM endpoints. */
export const CrmErrorCode = {
  /** The operator has not set up this CRM's app. */
  notAvailable: 'crm_not_available',
  /** The rep has not connected this CRM. */
  notConnected: 'crm_not_connected',
  /** The CRM refused the connection: the rep reconnects; the push waits. */
  reconnect: 'crm_reconnect',
  /** The connection lacks a permission the push needs. */
  missingScope: 'crm_missing_scope',
  /** A record the note is attached to is gone, or is not in the connected account. */
  targetGone: 'crm_target_gone',
  /** Another request is writing this push now. */
  inProgress: 'crm_push_in_progress',
  /** The CRM is down or slow: the push is tried again later. */
  unavailable: 'crm_unavailable',
  /** The CRM refused the note for another reason, said in the message. */
  refused: 'crm_refused',
  /** The push id was used for another note. */
  idTaken: 'crm_push_id_taken',
} as const;
