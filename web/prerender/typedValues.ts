/**
 * What a visitor typed into a prerendered page before the app took it over (boot.tsx replaces the
 * markup): the app's fields start from it, and the field that had the focus gets it back, so no
 * keystroke typed on a slow first visit is lost. Fields are matched by their `name`.
 */
const typed = new Map<string, string>();
let focused: string | null = null;

/** Reads the named fields of the prerendered markup, just before it is replaced. */
export function keepTypedValues(container: HTMLElement): void {
  for (const field of container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name], textarea[name]')) {
    if (field.value !== '') typed.set(field.name, field.value);
  }
  const active = document.activeElement;
  focused = (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) && container.contains(active) ? active.name : null;
}

/** Puts the focus back in the field that had it, once the app has drawn the page. */
export function restoreFocus(container: HTMLElement): void {
  if (!focused) return;
  container.querySelector<HTMLElement>(`[name="${CSS.escape(focused)}"]`)?.focus();
  focused = null;
}

/** The value typed into the named field before the takeover ('' if none); handed out once. */
export function takeTypedValue(name: string): string {
  const value = typed.get(name) ?? '';
  typed.delete(name);
  return value;
}
