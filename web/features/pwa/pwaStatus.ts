/**
 * What the shell offers about the app itself: a new version waiting (with its Reload), Chrome's
 * install prompt, and the iOS 'Add to Home Screen' hint. A tiny store in the entry chunk: the
 * install prompt must be caught as soon as the page loads, and the service worker code
 * (registerServiceWorker.ts, workbox-window) is loaded later and reports here.
 */
import { StorageKey, readString, writeString } from '../../data/storage';

export interface PwaStatus {
  /** Switch to the new version (reloads), when one is waiting. */
  update: (() => void) | null;
  /** Chrome offered to install the app (beforeinstallprompt). */
  canInstall: boolean;
  /** Show the install banner (not dismissed lately). */
  showInstallBanner: boolean;
  /** iOS Safari, not installed, hint not shown before. */
  showIosHint: boolean;
}

/** The beforeinstallprompt event (Chromium only, not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** After 'Not now', the banner stays away this long (the user menu still offers Install). */
const BANNER_SNOOZE_MS = 14 * 24 * 60 * 60 * 1000;

let installEvent: InstallPromptEvent | null = null;
/**
 * The banners wait until the visitor opens a second screen (markEngaged): one that appeared on the
 * page they landed on would push it down under their thumb (a layout shift), and asks
 * before they have seen anything. The user menu offers Install from the start.
 */
let engaged = false;
let installOffered = false;
let iosHintDue = false;
let status: PwaStatus = {
  update: null,
  canInstall: false,
  showInstallBanner: false,
  showIosHint: false,
};
const listeners = new Set<() => void>();

function set(changes: Partial<PwaStatus>): void {
  status = { ...status, ...changes };
  listeners.forEach((listener) => listener());
}

/** Running as the installed app (home screen, standalone window). */
export function isInstalledApp(): boolean {
  const nav = globalThis.navigator as (Navigator & { standalone?: boolean }) | undefined;
  return (
    nav?.standalone === true ||
    globalThis.matchMedia?.('(display-mode: standalone)').matches === true
  );
}

/** iOS or iPadOS Safari, where installing is Share → Add to Home Screen. */
function isIosSafari(): boolean {
  const nav = globalThis.navigator;
  if (!nav) return false;
  const ios =
    /iPhone|iPad|iPod/.test(nav.userAgent) ||
    (nav.userAgent.includes('Macintosh') && nav.maxTouchPoints > 1);
  // Other iOS browsers (Chrome's CriOS, Firefox's FxiOS...) cannot add to the home screen the same way.
  return ios && /Safari/.test(nav.userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(nav.userAgent);
}

const bannerSnoozed = () =>
  Date.now() - Number(readString(StorageKey.installBannerDismissedAt) ?? 0) < BANNER_SNOOZE_MS;

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep Chrome's own mini-infobar away: the app offers installing itself, once, politely.
    event.preventDefault();
    installEvent = event as InstallPromptEvent;
    installOffered = !bannerSnoozed();
    set({ canInstall: true, showInstallBanner: engaged && installOffered });
  });
  window.addEventListener('appinstalled', () => {
    installEvent = null;
    installOffered = false;
    set({ canInstall: false, showInstallBanner: false });
  });
  iosHintDue =
    isIosSafari() && !isInstalledApp() && readString(StorageKey.iosInstallHintShown) === null;
}

export const pwaStatus = {
  get: (): PwaStatus => status,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The visitor has opened a second screen: the install banner or the iOS hint may show now. */
  markEngaged(): void {
    if (engaged) return;
    engaged = true;
    set({ showInstallBanner: installOffered, showIosHint: iosHintDue });
  },
  /** A new version is ready; `reload` switches to it. */
  setUpdate: (reload: (() => void) | null) => set({ update: reload }),
  /** Show Chrome's install dialog. */
  async install(): Promise<void> {
    const event = installEvent;
    if (!event) return;
    installEvent = null;
    installOffered = false;
    set({ canInstall: false, showInstallBanner: false });
    await event.prompt();
    await event.userChoice.catch(() => undefined);
  },
  dismissInstallBanner(): void {
    writeString(StorageKey.installBannerDismissedAt, String(Date.now()));
    installOffered = false;
    set({ showInstallBanner: false });
  },
  /** The iOS hint is shown once: spent as soon as it is on screen. */
  markIosHintShown(): void {
    writeString(StorageKey.iosInstallHintShown, String(Date.now()));
  },
  dismissIosHint(): void {
    iosHintDue = false;
    set({ showIosHint: false });
  },
};
