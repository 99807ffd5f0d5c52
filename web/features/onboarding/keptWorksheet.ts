/**
 * The founder's entries on the no-model idea worksheet, kept on this device so a reload or a
 * second look at the same idea does not lose them. The worksheet on screen is kept for the tab
 * (sessionStorage): a reload shows it again, a later visit starts with the idea form.
 */
import type { IdeaWorksheet, WorksheetEntries } from '../../../domain/drafts/ideaWorksheet';
import { StorageKey, readString, writeString } from '../../data/storage';

const SHOWN_KEY = 'ideaWorksheetShown';

function parse<T>(text: string | null, valid: (value: unknown) => value is T): T | null {
  try {
    const value: unknown = text ? JSON.parse(text) : null;
    return valid(value) ? value : null;
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isEntries = (value: unknown): value is WorksheetEntries =>
  isRecord(value) && Object.values(value).every((v) => typeof v === 'string');
const isStored = (value: unknown): value is { idea: string; entries: WorksheetEntries } =>
  isRecord(value) && typeof value.idea === 'string' && isEntries(value.entries);
const isWorksheet = (value: unknown): value is IdeaWorksheet =>
  isRecord(value) &&
  typeof value.idea === 'string' &&
  Array.isArray(value.questions) &&
  Array.isArray(value.pricingModels);

/** What was typed on this idea's worksheet, or nothing. */
export function loadEntries(idea: string): WorksheetEntries {
  const stored = parse(readString(StorageKey.ideaWorksheetEntries), isStored);
  return stored && stored.idea === idea ? stored.entries : {};
}

export function saveEntries(idea: string, entries: WorksheetEntries): void {
  writeString(StorageKey.ideaWorksheetEntries, JSON.stringify({ idea, entries }));
}

/** The worksheet this tab showed last, for a reload. */
export function loadShownWorksheet(): IdeaWorksheet | null {
  try {
    return parse(globalThis.sessionStorage?.getItem(SHOWN_KEY) ?? null, isWorksheet);
  } catch {
    return null;
  }
}

export function saveShownWorksheet(worksheet: IdeaWorksheet | null): void {
  try {
    if (worksheet) globalThis.sessionStorage?.setItem(SHOWN_KEY, JSON.stringify(worksheet));
    else globalThis.sessionStorage?.removeItem(SHOWN_KEY);
  } catch {
    // Storage blocked: a reload shows the idea form again, nothing worse.
  }
}
