/**
 * The one script a prerendered page runs inline, before any other (web/build/prerender.ts puts it
 * into the page's head; the server's Content-Security-Policy allows exactly this text by its hash,
 * api/app.ts). Until the app has taken the page over (`#root` loses `data-prerendered`), a tap on a
 * control marked `data-early-tap` (or a submit of such a form) is kept, not lost and not done twice:
 * the first one is stored under EARLY_TAP_GLOBAL, later ones are dropped (one tap in all, with a shell's below), and the app carries it
 * out once it has drawn the page (web/prerender/earlyTaps.ts). Marked controls are the ones whose action
 * needs the app (the idea analysis, a plan choice); links and the sign-in forms work without it.
 *
 * A signed-in screen's shell (`data-prerendered="replace"`, drawn for someone not named yet) has
 * no marks on most of its buttons: there the first tap on any button (a form's submit button, and
 * Enter in its field, which taps it, included) is kept as its label and its place among the buttons
 * so labelled (SHELL_TAP_GLOBAL, a FrameTap), as the home screen's frame keeps one, and a form is
 * never sent by the browser itself. Typing into a field turns its form's
 * submit button on, as the app would, so Enter sends (a marked form) once the app is there.
 * Plain text, kept in step with its hash: no build step touches it.
 */
export const EARLY_TAP_ATTRIBUTE = 'data-early-tap';
export const EARLY_TAP_GLOBAL = '__pitchpadEarlyTap';
export const SHELL_TAP_GLOBAL = '__pitchpadShellTap';

/** The attribute that marks a control whose tap is kept until the takeover, named by `key`. */
export function earlyTap(key: string): Record<typeof EARLY_TAP_ATTRIBUTE, string> {
  return { [EARLY_TAP_ATTRIBUTE]: key };
}

export const EARLY_TAP_SCRIPT = `(function(){var d=document,w=window,B='button,ion-button,[role=button]';function root(el){var r=d.getElementById('root');return el&&r&&r.hasAttribute('data-prerendered')&&r.contains(el)?r:null;}function shell(el){var r=root(el);return r&&r.getAttribute('data-prerendered')==='replace'?r:null;}function keep(e,el){if(!root(el))return;e.preventDefault();e.stopPropagation();if(!w.${EARLY_TAP_GLOBAL}&&!w.${SHELL_TAP_GLOBAL})w.${EARLY_TAP_GLOBAL}=el.getAttribute('${EARLY_TAP_ATTRIBUTE}');}function label(b){var a=b.getAttribute('aria-label');return(a!==null?a:b.textContent||'').replace(/\\s+/g,' ').trim();}d.addEventListener('submit',function(e){var f=e.target;if(f instanceof HTMLFormElement&&f.hasAttribute('${EARLY_TAP_ATTRIBUTE}'))keep(e,f);else if(shell(f))e.preventDefault();},true);d.addEventListener('click',function(e){var t=e.target instanceof Element?e.target:null,m=t&&t.closest('button[${EARLY_TAP_ATTRIBUTE}]');if(m)return keep(e,m);var b=t&&t.closest(B),r=shell(b);if(!r||b.type==='submit'&&b.form&&b.form.hasAttribute('${EARLY_TAP_ATTRIBUTE}'))return;e.preventDefault();e.stopPropagation();if(w.${SHELL_TAP_GLOBAL}||w.${EARLY_TAP_GLOBAL})return;var l=label(b),all=[].filter.call(r.querySelectorAll(B),function(x){return label(x)===l;});w.${SHELL_TAP_GLOBAL}={label:l,index:all.indexOf(b)};},true);d.addEventListener('input',function(e){var t=e.target,f=t&&t.form,s=f&&f.querySelector('button[type=submit]');if(s&&'value' in t&&shell(t))s.disabled=!t.value.trim();},true);})();`;
