/**
 * Loads the browser's locale data off the main thread. A page's first use of Intl (a date, a
 * count, a sorted list) reads that data, and on a slow phone that holds the main thread for
 * 150–270 ms, in whichever task the app first shows a date. The data is shared by the page's
 * threads, so once this worker has used it the app's first date costs a few milliseconds.
 * The formats are the app's: en-US numbers and dates, en-GB times, the device's own locale.
 */
for (const locale of ['en-US', 'en-GB', undefined]) {
  new Intl.NumberFormat(locale).format(12_000);
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
}
new Intl.Collator().compare('a', 'b');
postMessage('ready');
