/**
 * Keeps the field being typed in, and the button that sends it, on screen while the phone's keyboard
 * is up: a rep must see 'Next', 'Generate Email' or 'Sign in' without closing
 * the keyboard first.
 *
 * Chrome on Android resizes the page with the keyboard (`interactive-widget=resizes-content` in
 * index.html's viewport meta), so the screen's scroll area simply gets shorter. iOS Safari shrinks
 * only the visual viewport and leaves the page under the keyboard: there the keyboard's height
 * becomes `--keyboard-inset` (app.css takes it off the app's frame). Either way, when the visible
 * area changes or a field takes the focus, the field's step is scrolled so that its primary button
 * and the field both show.
 */
import { useEffect } from 'react';

/** Marks the container of one step (the field and its button) when it is not simply the field's form. */
export const KEYBOARD_STEP = 'data-keyboard-step';

/** Fields that bring up the on-screen keyboard. */
function isTextField(element: Element | null): element is HTMLElement {
  if (element instanceof HTMLTextAreaElement) return true;
  return (
    element instanceof HTMLInputElement &&
    !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(
      element.type,
    )
  );
}

/** The step's primary button: the visible submit button of the field's form. */
function primaryButtonOf(step: Element): HTMLElement | null {
  const candidates = step.querySelectorAll<HTMLElement>(
    'button[type="submit"], ion-button[type="submit"]',
  );
  return (
    [...candidates].find(
      (button) =>
        !button.classList.contains('visually-hidden') && button.getClientRects().length > 0,
    ) ?? null
  );
}

/** Scrolls the focused field's step so its primary button shows, and the field too (the field wins if both cannot fit). */
export function keepFocusedStepInView(): void {
  const field = document.activeElement;
  if (!isTextField(field)) return;
  const step = field.closest(`[${KEYBOARD_STEP}]`) ?? field.closest('form');
  const button = step && primaryButtonOf(step);
  button?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  field.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/**
 * The keyboard's height over the page: what the visual viewport leaves uncovered at the bottom of
 * the layout viewport, while a text field has the focus and the page is not pinch-zoomed (zooming
 * shrinks the visual viewport too). 0 where the browser resizes the page instead (Android Chrome).
 */
function keyboardInset(viewport: VisualViewport): number {
  if (!isTextField(document.activeElement) || Math.abs(viewport.scale - 1) > 0.01) return 0;
  return Math.max(0, Math.round(window.innerHeight - viewport.height - viewport.offsetTop));
}

/** While the screen is mounted: follows the keyboard (see the file's header). */
export function useKeyboardInView(): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    let frame = 0;
    // After layout: the resize (or the focus) has changed the boxes by the next frame.
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (viewport)
          document.documentElement.style.setProperty(
            '--keyboard-inset',
            `${keyboardInset(viewport)}px`,
          );
        keepFocusedStepInView();
      });
    };
    const handleFocusOut = () => {
      // The keyboard goes with the focus: give the room back at once.
      if (viewport)
        requestAnimationFrame(() =>
          document.documentElement.style.setProperty(
            '--keyboard-inset',
            `${keyboardInset(viewport)}px`,
          ),
        );
    };
    // A marked step (KEYBOARD_STEP) growing while its field has the focus (a hint appearing under
    // the field once the typing pauses) can push its button under the keyboard: scrolled again
    // then. Only marked steps: a whole form growing (a long settings form) is not followed.
    const grows = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    const watchStep = () => {
      if (!grows) return;
      grows.disconnect();
      const field = document.activeElement;
      const step = isTextField(field) && field.closest(`[${KEYBOARD_STEP}]`);
      if (step) grows.observe(step);
    };
    const handleFocusIn = () => {
      watchStep();
      update();
    };
    viewport?.addEventListener('resize', update);
    document.addEventListener('focusin', handleFocusIn);
    document.addEventListener('focusout', handleFocusOut);
    return () => {
      grows?.disconnect();
      cancelAnimationFrame(frame);
      viewport?.removeEventListener('resize', update);
      document.removeEventListener('focusin', handleFocusIn);
      document.removeEventListener('focusout', handleFocusOut);
      document.documentElement.style.removeProperty('--keyboard-inset');
    };
  }, []);
}
