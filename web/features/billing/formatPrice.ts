import { groupThousands } from '../../../domain/numbers';

/** Currencies shown with a symbol before the amount in en-US, the app's language. */
const SYMBOLS: Record<string, string> = { usd: '$', eur: '€', gbp: '£', cad: 'CA$', aud: 'A$' };

/**
 * '$10' for {amount: 10, currency: 'usd'}, '$1,234.50' for 1234.5: en-US, as the build's prerendered
 * /pricing shows it. The amount is in major units, as the server sends it; whole amounts are shown
 * without cents. Written out for the usual currencies: constructing the first Intl.NumberFormat
 * loads the locale data, over 150 ms of a slow phone's main thread, in the task that draws the pricing page.
 */
export function formatPrice(amount: number, currency: string): string {
  const whole = Number.isInteger(amount);
  const symbol = SYMBOLS[currency.toLowerCase()];
  if (symbol && Number.isFinite(amount) && amount >= 0) {
    const [units = '0', cents] = (whole ? String(amount) : amount.toFixed(2)).split('.');
    return `${symbol}${groupThousands(Number(units))}${cents === undefined ? '' : `.${cents}`}`;
  }
  const digits = whole ? 0 : 2;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}
