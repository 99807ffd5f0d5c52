/**
 * Where a toast goes: just under the headers on screen (the app's header, and a screen's own
 * toolbar such as the chat's), so it covers none of their controls (at the top of the screen while
 * a sheet is open over them), and at the top of what the
 * on-screen keyboard leaves visible (the visual viewport), so it is never drawn over the keyboard
 * nor scrolled out of sight above it. Read when a toast opens and again while it shows, when the
 * keyboard comes or goes.
 */

/** The gap Ionic leaves above a top toast (Material mode), kept below it too, above the keyboard. */
const GAP = 8;

export interface ToastPlacement {
  /** Pixels from the top of the layout viewport to where the toast hangs (Ionic adds its gap). */
  top: number;
  /** The tallest the toast may be and still end above the keyboard. */
  maxHeight: number;
}

/** A header drawn on the page now: not in a hidden page, a sheet or a popover, and in the upper half. */
function isShownHeader(header: Element, viewportHeight: number): boolean {
  if (header.closest('.ion-page-hidden, ion-modal, ion-popover, [hidden]')) return false;
  const box = header.getBoundingClientRect();
  return box.height > 0 && box.bottom > 0 && box.top < viewportHeight / 2;
}

/** The placement for a toast on the page as it is drawn now. */
export function measureToastPlacement(doc: Document = document): ToastPlacement {
  const view = doc.defaultView!;
  const visual = view.visualViewport;
  const visibleTop = visual?.offsetTop ?? 0;
  const visibleBottom = visibleTop + (visual?.height ?? view.innerHeight);
  // Under an open sheet (Saved History) the headers sit behind its backdrop, out of reach: the toast
  // takes the top of the screen, above the sheet, and covers none of it.
  const sheetOpen = [...doc.querySelectorAll('[aria-modal="true"], dialog[open]')].some(
    (dialog) => dialog.getBoundingClientRect().height > 0,
  );
  const headersBottom = Math.max(
    0,
    ...[...(sheetOpen ? [] : doc.querySelectorAll('header.app-header, header.chat-header'))]
      .filter((header) => isShownHeader(header, view.innerHeight))
      .map((header) => header.getBoundingClientRect().bottom),
  );
  const top = Math.max(headersBottom, visibleTop);
  return { top, maxHeight: Math.max(0, visibleBottom - top - 2 * GAP) };
}
