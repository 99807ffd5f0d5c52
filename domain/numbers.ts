/**
 * '12,000' for 12000: a whole count as en-US writes it, the app's language. Written out rather than
 * `toLocaleString('en-US')`: a page's first use of Intl loads the locale data, which holds a slow
 * phone's main thread for over 150 ms, and the limits' messages are built when their modules load,
 * at the app's start. Counts with a fraction or in exponent notation go to Intl.
 */
export function groupThousands(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}
