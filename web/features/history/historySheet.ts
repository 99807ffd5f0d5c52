/**
 * Whether the Saved History sheet is open, as a tiny store outside React: the header's button opens
 * it, and so does a save toast's Rename action anywhere in the app. Opening it clears the badge.
 */
import { useSyncExternalStore } from 'react';
import type { ToastOptions } from '../../ui/toaster';
import { markHistoryOpened } from './historyBadge';

export interface HistorySheetState {
  open: boolean;
  /** The item to show in rename mode, if any. */
  renameId: string | null;
}

let state: HistorySheetState = { open: false, renameId: null };
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function openHistorySheet(renameId: string | null = null): void {
  markHistoryOpened();
  state = { open: true, renameId };
  emit();
}

export function closeHistorySheet(): void {
  if (!state.open) return;
  state = { open: false, renameId: null };
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useHistorySheet(): HistorySheetState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

/** A workflow-saved toast: 5000 ms, with a Rename action that opens the item in the sheet. */
export function workflowSavedToast(
  base: { header: string; message: string },
  workflowId: string,
  color: ToastOptions['color'] = 'success',
): ToastOptions {
  return {
    ...base,
    color,
    duration: 5000,
    action: { label: 'Rename', handler: () => openHistorySheet(workflowId) },
  };
}
