/**
 * The one script a prerendered page runs inline, before any other (web/build/prerender.ts puts it
 * into the page's head; the server's Content-Security-Policy allows exactly this text by its hash,
 * api/app.ts). Until the app has taken the page over (`#root` loses `data-prerendered`), a tap on a
 * control marked `data-early-tap` (or a submit of such a form) is kept, not lost and not done twice:
 * the first one is stored under EARLY_TAP_GLOBAL, later ones are dropped, and the app carries it
 * out once it has drawn the page (web/prerender/earlyTaps.ts). Marked controls are the ones whose action
 * needs the app (the idea analysis, a plan choice); links and the sign-in forms work without it.
 * Plain text, kept in step with its hash: no build step touches it.
 */
export const EARLY_TAP_ATTRIBUTE = 'data-early-tap';
export const EARLY_TAP_GLOBAL = '__pitchpadEarlyTap';

/** The attribute that marks a control whose tap is kept until the takeover, named by `key`. */
export function earlyTap(key: string): Record<typeof EARLY_TAP_ATTRIBUTE, string> {
  return { [EARLY_TAP_ATTRIBUTE]: key };
}

export const EARLY_TAP_SCRIPT = `(function(){var d=document,w=window;function keep(e,el){var r=d.getElementById('root');if(!el||!r||!r.hasAttribute('data-prerendered')||!r.contains(el))return;e.preventDefault();e.stopPropagation();if(!w.${EARLY_TAP_GLOBAL})w.${EARLY_TAP_GLOBAL}=el.getAttribute('${EARLY_TAP_ATTRIBUTE}');}d.addEventListener('submit',function(e){var f=e.target;keep(e,f instanceof HTMLFormElement&&f.hasAttribute('${EARLY_TAP_ATTRIBUTE}')?f:null);},true);d.addEventListener('click',function(e){var t=e.target;keep(e,t instanceof Element?t.closest('button[${EARLY_TAP_ATTRIBUTE}]'):null);},true);})();`;
