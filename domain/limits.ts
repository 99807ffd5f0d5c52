/** Business constants and limits. One place, so the server and the browser hold the same numbers. */

export const PRODUCT_NAME = 'Pitchpad';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const NAME_MAX = 100;

/**
 * Login limits. A guesser's failures limit the guesser, not the account's owner signing in from
 * elsewhere: the tight limit is per (username, IP); one IP is bounded across usernames; and all
 * IPs together meet a much higher per-username ceiling, which bounds a distributed guesser.
 */
/** Failed logins for one username from one IP inside the window (a success clears it). */
export const LOGIN_FAILURES_PER_USERNAME_AND_IP = 10;
/** Login attempts from one IP inside the window, whatever the username (password spraying). */
export const LOGIN_ATTEMPTS_PER_IP = 50;
/** Login attempts for one username from all IPs together inside the window. */
export const LOGIN_ATTEMPTS_PER_USERNAME = 100;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** How long a passkey challenge (sign in, add a passkey, confirm it is you) can be answered. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** A session this young may add a passkey without proving it is the owner again (the offer after a sign-in). */
export const PASSKEY_ADD_FRESH_MS = 10 * 60 * 1000;
/** Passkeys one account may keep (one per phone, laptop or security key is plenty). */
export const PASSKEYS_PER_ACCOUNT_MAX = 20;
/** Registrations allowed per IP inside the window. */
export const REGISTRATIONS_PER_IP = 20;
/** Sign-up attempts for one username inside the window, from any IP: stops probing which names are taken. */
export const REGISTRATIONS_PER_USERNAME = 10;
export const REGISTER_WINDOW_MS = 60 * 60 * 1000;
/** How long a password reset link works. */
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;
/** Reset emails one address may be sent inside the window (more are quietly not sent). */
export const PASSWORD_RESETS_PER_EMAIL = 3;
/** Reset requests one client address may make inside the window (more are refused with a 429). */
export const PASSWORD_RESETS_PER_IP = 10;
export const PASSWORD_RESET_WINDOW_MS = 60 * 60 * 1000;

export const CHAT_TITLE_MAX = 50;
export const SIDEBAR_TITLE_DESKTOP = 30;
export const SIDEBAR_TITLE_MOBILE = 25;

export const DEFAULT_PLAN = 'pro';
export const DEFAULT_BILLING = 'monthly';
export const LOGIN_REDIRECT_DELAY_MS = 100;

export const TOAST_DURATION_MS = 5000;
export const SHORT_TOAST_DURATION_MS = 3000;

/** TanStack Query defaults: data stays fresh for five minutes; a failed fetch is retried three times. */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_RETRIES = 3;
export const QUERY_RETRY_BASE_MS = 1000;
export const QUERY_RETRY_CAP_MS = 30_000;
export const MUTATION_RETRIES = 1;
export const AUTH_DEDUPE_MS = 60_000;

/** Exponential backoff for query retries: 1 s doubled, capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(QUERY_RETRY_BASE_MS * 2 ** attempt, QUERY_RETRY_CAP_MS);
}

/** Chat limits. */
export const MESSAGE_MAX_CHARS = 32_000;
export const CHAT_TITLE_STORE_MAX = 200;
/** How many earlier messages of a chat go to the model with a new one. */
export const CHAT_CONTEXT_MESSAGES = 40;
/**
 * The most tokens one model call sends (LLM_MAX_CONTEXT_TOKENS): the system prompt and the newest
 * message always go, then as much of the history, newest first, as fits.
 */
export const LLM_MAX_CONTEXT_TOKENS_DEFAULT = 24_000;
/** Below this a system prompt and one message would not fit. */
export const LLM_MAX_CONTEXT_TOKENS_MIN = 1_000;
/**
 * Tokens (sent and written) a day: per free and per Pro user, and per guest address for the no-sign-up
 * idea analysis (LLM_DAILY_TOKENS_FREE / _PRO / _GUEST). At gpt-4o's list prices ($2.50 per million
 * tokens sent, $10 per million written; chat sends far more than it gets back) a free user's day
 * costs about $0.30 and at most $1, a Pro user's ten times that, a guest address's half a free user's.
 */
export const LLM_DAILY_TOKENS_DEFAULTS = { free: 100_000, pro: 1_000_000, guest: 50_000 } as const;
/**
 * What a new chat's send may carry of the client's own history (needed for a guided
 * flow's greeting, which the client shows before the chat exists on the server): assistant turns only,
 * the last few, each short. Everything else in it is ignored.
 */
export const CLIENT_HISTORY_MAX_MESSAGES = 2;
export const CLIENT_HISTORY_MAX_CHARS = 2_000;
/** Model calls allowed per user inside the window (chat, value props). */
export const LLM_CALLS_PER_USER = 300;
export const LLM_WINDOW_MS = 10 * 60 * 1000;

/** LLM parameter ranges and defaults. */
export const LLM_DEFAULTS = {
  provider: 'openai',
  model: 'gpt-4o',
  temperature: 0.7,
  max_tokens: 1024,
  top_p: 1,
  frequency_penalty: 0,
  presence_penalty: 0,
} as const;

/** Chat title from the first message: its first 50 characters, then an ellipsis if longer. */
export function chatTitleFrom(message: string): string {
  const text = message.trim().replace(/\s+/g, ' ');
  return text.length > CHAT_TITLE_MAX ? `${text.slice(0, CHAT_TITLE_MAX)}...` : text;
}

/** The model id the offline drafter (drafts built from the rep's answers, no model) answers under. */
export const OFFLINE_DRAFTER_MODEL = 'offline-drafter';
export const OFFLINE_DRAFTER_LABEL = 'Offline drafter';

/** The longest name of a saved workflow: a finished flow's name is its chat's title too. */
export const WORKFLOW_NAME_MAX = CHAT_TITLE_STORE_MAX;

/** The longest result a saved workflow keeps (a competitor analysis's JSON is a few kB). */
export const WORKFLOW_RESULT_MAX_CHARS = 200_000;

/** Fair use: model streams one user may have running at once (chat replies, regenerates, competitor analyses, GTM plans, idea analyses). */
export const MAX_CONCURRENT_STREAMS_PER_USER = 4;
/** A running stream refreshes its lease this often; one not refreshed for the stale time stops counting (its server died). */
export const STREAM_LEASE_HEARTBEAT_MS = 15_000;
export const STREAM_LEASE_STALE_MS = 60_000;
/** The longest a stream holds its slot: past it the heartbeat stops, so a slot never leaks for good. */
export const STREAM_LEASE_MAX_MS = 10 * 60_000;
/** Saved-history writes (POST/PATCH /api/workflows) per user per minute: far above what a person does. */
export const WORKFLOW_WRITES_PER_USER = 60;
export const WORKFLOW_WRITE_WINDOW_MS = 60_000;
/** Profile saves (PATCH /api/profile) per user per minute: a rep typing saves a field at a time, after a pause. */
export const PROFILE_WRITES_PER_USER = 60;
export const PROFILE_WRITE_WINDOW_MS = 60_000;

/** The longest answer a reply's in-app button may fill into a guided flow (its link's `prefill`, handed over in history state). */
export const PREFILL_MAX_CHARS = 200;

/** The sales kit: files per rep and megabytes per file, unless KIT_MAX_FILES / KIT_MAX_FILE_MB say otherwise. */
export const KIT_MAX_FILES_DEFAULT = 20;
export const KIT_MAX_FILE_MB_DEFAULT = 10;
/** A DOCX (a ZIP) may unpack to at most this much: a larger one is a zip bomb, not a document. */
export const KIT_DOCX_INFLATED_MAX_BYTES = 50_000_000;
/**
 * A PDF or DOCX is read in a child process with this much heap (MB, --max-old-space-size) and for
 * at most this long: past either it is ended and the file refused as too large or complex.
 */
export const KIT_EXTRACT_OLD_SPACE_MB = 256;
export const KIT_EXTRACT_TIMEOUT_MS = 20_000;
/** Files read at once by one server instance: each may take a process's memory and a core. */
export const KIT_EXTRACTIONS_AT_ONCE = 2;
/** A document's most pages, and a file's most passages (1,200 characters each). */
export const KIT_MAX_PAGES = 500;
export const KIT_MAX_PASSAGES = 5_000;
/** Uploads to the sales kit per rep per window. */
export const KIT_UPLOADS_PER_USER = 30;
export const KIT_UPLOAD_WINDOW_MS = 10 * 60_000;
/** Passages of the rep's documents sent with a model call, and their most tokens together. */
export const KIT_PASSAGES_PER_CALL = 4;
export const KIT_PASSAGES_MAX_TOKENS = 1_500;
/** The most tokens the rep's profile adds to a model call's system prompt: its longest fields are shortened first. */
export const PROFILE_BLOCK_MAX_TOKENS = 1_500;

/**
 * The voice debrief. The largest recording the server takes (25 MB: the usual speech
 * API's limit), and the longest the recorder makes unless DEBRIEF_MAX_MINUTES says otherwise (1..60).
 */
export const RECORDING_MAX_BYTES = 25_000_000;
export const DEBRIEF_MAX_MINUTES_DEFAULT = 10;
/** Megabytes of audio a rep may have transcribed per UTC day, unless TRANSCRIBE_DAILY_MB says otherwise. */
export const TRANSCRIBE_DAILY_MB_DEFAULT = 100;
/** How long one transcription may take before it is given up (TRANSCRIBE_TIMEOUT_S). */
export const TRANSCRIBE_TIMEOUT_S_DEFAULT = 120;
/** The longest transcript kept (some 30 hours of speech): the client cuts where a flow needs less. */
export const TRANSCRIPT_STORED_MAX_CHARS = 200_000;
/** Recording uploads per rep per window, as the kit's. */
export const RECORDING_UPLOADS_PER_USER = 30;
export const RECORDING_UPLOAD_WINDOW_MS = 10 * 60_000;
