// Vitest setup (vitest.config.ts): the Web Locks stand-in, for the app's locks (web/data/queue/lock.ts).
import { installWebLocks } from './webLocks';

installWebLocks();
