/**
 * The home screen's frame: the chat as the phone last drew it, painted from localStorage by
 * two inline scripts in the app's shell before any of the app's code has run, and taken over by the
 * app once it has drawn the same screen (web/boot.tsx). web/prerender/frame.ts writes the copies.
 *
 *  - FRAME_HEAD_SCRIPT (last in the head) finds the copy for this address, this build (the entry
 *    script's address) and this window width, and links its stylesheets as render-blocking: the
 *    first paint waits for them, never shows the copy unstyled.
 *  - FRAME_BODY_SCRIPT (right after `<div id="root">`) draws the copy in a closed shadow root on a
 *    fixed overlay `#pp-frame` above the empty, hidden `#root` (marked `data-prerendered="frame"`).
 *    Closed, so nothing outside matches the copy: not the page's CSS, not the app's queries, not a
 *    test's locator. What the rep does there is kept for the app: typing stays in the box (Send is
 *    turned on by it), a send is kept as the early tap 'chat-send', and the first other button tapped
 *    as its label and place among the buttons of that label (web/prerender/frameTakeover.ts replays it).
 *
 * The server's Content-Security-Policy allows both by their hashes (api/app.ts): plain text, kept in
 * step with its hash, no build step touches it. The CSP allows no inline handlers, so nothing in a
 * copy can run.
 */
import { EARLY_TAP_GLOBAL } from './earlyTapScript.ts';

export const FRAME_STORAGE_KEY = 'pitchpad:frame';
/** What the head script found and the body script drew: `FrameOnPage`. */
export const FRAME_GLOBAL = '__pitchpadFrame';
export const FRAME_HOST_ID = 'pp-frame';
/** The body script marks a field of the frame typed into with this: its value is the rep's, not the copy's. */
export const FRAME_TYPED_ATTRIBUTE = 'data-frame-typed';
/** The attribute that tells the body script where a scroller stood: 'end' (its bottom) or a number. */
export const FRAME_SCROLL_ATTRIBUTE = 'data-frame-scroll';

/** One copy: the markup (its stylesheet links and styles first), for the window width it was drawn at. */
export interface StoredFrame {
  html: string;
  /** The stylesheets the copy links (also linked render-blocking in the head). */
  styles: string[];
  width: number;
  savedAt: number;
}

/** localStorage[FRAME_STORAGE_KEY]: the copies of this build, by address (path and query). */
export interface StoredFrames {
  build: string;
  frames: Record<string, StoredFrame>;
}

/** A button tapped in the frame: its label, and which of the buttons so labelled it was. */
export interface FrameTap {
  label: string;
  index: number;
}

/** window[FRAME_GLOBAL] once the body script has drawn a copy. */
export interface FrameOnPage {
  copy: StoredFrame;
  host?: HTMLElement;
  root?: ShadowRoot;
  tap?: FrameTap | null;
}

export const FRAME_HEAD_SCRIPT = `(function(){try{var d=document,w=window,s=JSON.parse(localStorage.getItem('${FRAME_STORAGE_KEY}')||'null'),m=d.querySelector('script[type=module][src]'),f=s&&m&&s.build===m.getAttribute('src')&&s.frames&&s.frames[location.pathname+location.search];if(!f||f.width!==innerWidth||typeof f.html!=='string')return;w.${FRAME_GLOBAL}={copy:f};f.styles.forEach(function(h){if(d.querySelector('link[rel=stylesheet][href="'+h+'"]'))return;var l=d.createElement('link');l.rel='stylesheet';l.crossOrigin='';l.href=h;l.setAttribute('blocking','render');d.head.appendChild(l);});}catch(e){}})();`;

export const FRAME_BODY_SCRIPT = `(function(){var d=document,w=window,p=w.${FRAME_GLOBAL},r=d.getElementById('root');if(!p||!r)return;try{var h=d.createElement('div');h.id='${FRAME_HOST_ID}';h.setAttribute('style','position:fixed;inset:0;z-index:2147483000;overflow:hidden');var s=h.attachShadow({mode:'closed'});if(s.setHTMLUnsafe)s.setHTMLUnsafe(p.copy.html);else s.innerHTML=p.copy.html;r.parentNode.insertBefore(h,r.nextSibling);r.setAttribute('data-prerendered','frame');r.style.visibility='hidden';p.host=h;p.root=s;p.tap=null;}catch(e){delete w.${FRAME_GLOBAL};return;}requestAnimationFrame(function(){s.querySelectorAll('[${FRAME_SCROLL_ATTRIBUTE}]').forEach(function(e){var v=e.getAttribute('${FRAME_SCROLL_ATTRIBUTE}');e.scrollTop=v==='end'?e.scrollHeight:+v;});});var B='button,ion-button,[role=button]';function label(b){return(b.getAttribute('aria-label')||b.textContent||'').replace(/\\s+/g,' ').trim();}s.addEventListener('input',function(e){var t=e.target,f=t&&t.form,b=f&&f.querySelector('button[type=submit]');if(t instanceof Element)t.setAttribute('${FRAME_TYPED_ATTRIBUTE}','');if(b&&'value' in t)b.disabled=!t.value.trim();},true);s.addEventListener('submit',function(e){e.preventDefault();if(!w.${EARLY_TAP_GLOBAL})w.${EARLY_TAP_GLOBAL}=e.target.getAttribute('data-early-tap');},true);s.addEventListener('click',function(e){var b=e.target instanceof Element?e.target.closest(B):null;if(!b||b.getAttribute('type')==='submit')return;e.preventDefault();if(p.tap)return;var l=label(b),all=[].filter.call(s.querySelectorAll(B),function(x){return label(x)===l;});p.tap={label:l,index:all.indexOf(b)};},true);})();`;
