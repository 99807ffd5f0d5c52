/**
 * 'Your PDF is ready': what is said, in every window of the app, when a file asked for with no
 * signal has been made (fileExports.ts, in a page or the service worker), and how it is said: a
 * note on a BroadcastChannel, which every window hears (useFileReadyToast.ts).
 */
import type { ExportFormat } from '../../../domain/exports/files';

/** Where a 'file ready' note goes between the worker, the pages and their toasts. */
export const FILES_CHANNEL = 'pitchpad-files';

export interface ReadyNote {
  id: string;
  title: string;
  format: ExportFormat;
}

/** 'Your PDF is ready': the words every window and the notification say. */
export const readyLine = (format: ExportFormat) =>
  `Your ${format === 'pdf' ? 'PDF' : format === 'docx' ? 'Word file' : 'Markdown file'} is ready`;
