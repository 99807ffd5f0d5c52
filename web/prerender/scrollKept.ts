/**
 * Where the rep scrolled a signed-in screen's shell to before the app drew its own (boot.tsx): the
 * app's screen is a new scroller, which would start at the top. Put back in the takeover's commit,
 * so a rep who read down the shell, or opened it at an anchor (/account#links), stays there.
 */
const SCROLLER = '.screen-content';

/**
 * Follows the scroll of `container`'s screen from now until the takeover; answers the function to
 * call in that commit, with the app's screen drawn.
 */
export function followScroll(container: HTMLElement): (drawn: HTMLElement) => void {
  let top = container.querySelector<HTMLElement>(SCROLLER)?.scrollTop ?? 0;
  // Scroll events do not bubble: caught on their way down instead.
  const read = (event: Event) => {
    if (event.target instanceof HTMLElement && event.target.matches(SCROLLER))
      top = event.target.scrollTop;
  };
  container.addEventListener('scroll', read, { capture: true, passive: true });
  return (drawn) => {
    container.removeEventListener('scroll', read, { capture: true });
    const scroller = drawn.querySelector<HTMLElement>(SCROLLER);
    if (scroller && top > 0) scroller.scrollTop = top;
  };
}
