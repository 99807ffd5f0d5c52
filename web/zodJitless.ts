/**
 * zod 4 tries `new Function('')` once, to compile faster parsers where eval is allowed. The app's
 * Content-Security-Policy allows no eval (script-src has no 'unsafe-eval'), so that try was a CSP
 * violation in every page's console and in Lighthouse's best practices. Parse without it: the app's
 * schemas are small. Imported first by the page's boot and by the service worker.
 */
import { config } from 'zod';

config({ jitless: true });
