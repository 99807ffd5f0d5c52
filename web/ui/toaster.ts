/**
 * The toast queue as a tiny store outside React, so route guards (which run before any component)
 * can show a toast too. One toast at a time: a new toast replaces the one on screen.
 */
import { TOAST_DURATION_MS } from '../../domain/limits';

export type ToastColor = 'success' | 'danger' | 'warning' | 'primary' | 'medium';

export interface ToastOptions {
  header: string;
  message?: string;
  color?: ToastColor;
  /** Milliseconds on screen; 5000 unless told. */
  duration?: number;
  /** A button on the toast, e.g. Rename on a workflow save toast. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  handler: () => void;
}

export interface ShownToast extends Required<Omit<ToastOptions, 'message' | 'action'>> {
  id: number;
  message: string | undefined;
  action: ToastAction | undefined;
}

export type ShowToast = (toast: ToastOptions) => void;

export interface Toaster {
  show: ShowToast;
  /** Called when the toast with this id has left the screen. */
  dismiss(id: number): void;
  current(): ShownToast | null;
  subscribe(listener: () => void): () => void;
}

export function createToaster(): Toaster {
  let current: ShownToast | null = null;
  let nextId = 1;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  return {
    show({ header, message, color = 'medium', duration = TOAST_DURATION_MS, action }) {
      current = { id: nextId++, header, message, color, duration, action };
      emit();
    },
    dismiss(id) {
      if (current?.id !== id) return;
      current = null;
      emit();
    },
    current: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
