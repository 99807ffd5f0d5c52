/**
 * The last no-model idea worksheet, with what the founder typed on it, kept on this device so
 * reopening /onboarding shows it again instead of the empty idea form.
 *
 * A guest's is kept in localStorage: a guest has no database of their own. A signed-in founder's
 * is their account's, kept in their own database (data/db.ts keyValues), which logout deletes and
 * another account never opens. A guest's worksheet becomes an account's only when the guest asked
 * for it ('Keep it: create a free account') and signs in within the hour: another rep signing in
 * on this device later never takes a stranger's worksheet.
 */
import type { IdeaWorksheet, WorksheetEntries } from '../../../domain/drafts/ideaWorksheet';
import { StorageKey, readJson, removeKey, writeJson } from '../../data/storage';

export interface KeptWorksheet {
  worksheet: IdeaWorksheet;
  entries: WorksheetEntries;
}

/** A guest's worksheet, and when they asked to keep it in an account (Date.now()). */
interface GuestWorksheet extends KeptWorksheet {
  keepAskedAt?: number;
}

/** How long after 'Keep it' a sign-in takes the guest's worksheet into the account. */
export const KEEP_WINDOW_MS = 60 * 60 * 1000;

/** The account's worksheet in its database's keyValues. */
const ACCOUNT_KEY = 'ideaWorksheet';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isEntries = (value: unknown): value is WorksheetEntries =>
  isRecord(value) && Object.values(value).every((v) => typeof v === 'string');
const isWorksheet = (value: unknown): value is IdeaWorksheet =>
  isRecord(value) &&
  typeof value.idea === 'string' &&
  Array.isArray(value.questions) &&
  Array.isArray(value.pricingModels);
const isKept = (value: unknown): value is GuestWorksheet =>
  isRecord(value) && isWorksheet(value.worksheet) && isEntries(value.entries);

/** The guest's last worksheet on this device, or null. */
export function loadGuestWorksheet(): KeptWorksheet | null {
  const kept = readJson(StorageKey.ideaWorksheetEntries, isKept);
  return kept && { worksheet: kept.worksheet, entries: kept.entries };
}

export function saveGuestWorksheet(kept: KeptWorksheet): void {
  const before = readJson(StorageKey.ideaWorksheetEntries, isKept);
  // Still the same worksheet: the guest's 'Keep it' holds while they type on.
  const asked = before?.worksheet.idea === kept.worksheet.idea ? before.keepAskedAt : undefined;
  writeJson(StorageKey.ideaWorksheetEntries, {
    ...kept,
    ...(asked !== undefined ? { keepAskedAt: asked } : {}),
  });
}

/** 'Keep it: create a free account': the next sign-in within the hour takes this worksheet in. */
export function askToKeepGuestWorksheet(kept: KeptWorksheet, now = Date.now()): void {
  writeJson(StorageKey.ideaWorksheetEntries, { ...kept, keepAskedAt: now });
}

async function accountDb(userId: number) {
  // Loaded on demand: a guest's worksheet needs no database code.
  const { openUserDb } = await import('../../data/db');
  return openUserDb(userId);
}

/**
 * The account's last worksheet: the one a guest asked to keep and signed up for (moved from
 * localStorage into the account's database), else the one the account kept.
 */
export async function loadAccountWorksheet(
  userId: number,
  now = Date.now(),
): Promise<KeptWorksheet | null> {
  const { readKeyValue, writeKeyValue } = await import('../../data/db');
  const db = await accountDb(userId);
  const guest = readJson(StorageKey.ideaWorksheetEntries, isKept);
  if (guest?.keepAskedAt !== undefined && now - guest.keepAskedAt < KEEP_WINDOW_MS) {
    const kept = { worksheet: guest.worksheet, entries: guest.entries };
    await writeKeyValue(db, ACCOUNT_KEY, kept);
    removeKey(StorageKey.ideaWorksheetEntries);
    return kept;
  }
  return readKeyValue(db, ACCOUNT_KEY, isKept);
}

export async function saveAccountWorksheet(userId: number, kept: KeptWorksheet): Promise<void> {
  const { writeKeyValue } = await import('../../data/db');
  await writeKeyValue(await accountDb(userId), ACCOUNT_KEY, kept);
}

/** The account's or the guest's worksheet is replaced by an analysis a model made: none is kept. */
export async function forgetWorksheet(userId: number | null): Promise<void> {
  if (userId === null) {
    removeKey(StorageKey.ideaWorksheetEntries);
    return;
  }
  await (await accountDb(userId)).keyValues.delete(ACCOUNT_KEY);
}
