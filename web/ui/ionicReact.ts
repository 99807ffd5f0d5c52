/**
 * What `import … from '@ionic/react'` loads in the app (an alias in vite.config.ts): Ionic's set-up
 * (ionicSetup.ts) first, then '@ionic/react' itself, so no screen can draw an Ionic element before
 * Ionic is configured, wherever it is loaded from.
 */
// oxlint-disable-next-line import/no-unassigned-import -- Ionic's set-up, before '@ionic/react' is evaluated
import './ionicSetup';

export * from '@ionic/react/dist/index.js';
