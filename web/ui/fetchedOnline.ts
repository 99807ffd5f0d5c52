/**
 * `load()` (code fetched on demand: a screen's, a piece's), once more when the signal returns if it
 * failed with the phone offline. Firefox and Safari fetch a module again after a failure; Chromium
 * keeps the failure for now, so there the second try fails too and the caller's fallback decides.
 */
export function fetchedOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    if (navigator.onLine) throw error;
    return new Promise<void>((resolve) =>
      window.addEventListener('online', () => resolve(), { once: true }),
    ).then(load);
  });
}

/**
 * Whether `error` is a browser's failure to fetch a module's code (Chromium, Firefox, Safari word it
 * differently), not an error of the code itself. TanStack's router core has the same check
 * (`isModuleNotFoundError`), but `@tanstack/react-router` does not export it and `web/ui` imports no
 * router.
 */
export function isCodeFetchFailure(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed/.test(error.message)
  );
}
