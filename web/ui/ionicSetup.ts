/**
 * Ionic's start, run once before the first of its elements is drawn: '@ionic/react' resolves to
 * ionicReact.ts, which imports this first (vite.config.ts), and so does wrapIonicElement.ts. The app's
 * frame and the public pages use no Ionic element, so a first visit to the landing page loads none of
 * Ionic until a screen, a menu or a toast needs it: the landing page's main thread stays free on a
 * slow phone.
 */
import { initialize } from '@ionic/core/components';
import { defineCustomElement as defineIonApp } from '@ionic/core/components/ion-app.js';

// The build's prerender imports screens on the server: nothing to set up there.
if (typeof document !== 'undefined') {
  document.documentElement.classList.add('ion-ce'); // the custom-elements build: no hydration to wait for
  // One look on every platform: the design is tuned for Material mode (outlined inputs, segment tabs).
  initialize({ mode: 'md' });
  // The frame's <ion-app> (features/shell/AppShell.tsx), drawn as a plain element until now, comes
  // alive: tap feedback, keyboard focus rings, the keyboard helpers of Ionic's inputs.
  defineIonApp();
}
