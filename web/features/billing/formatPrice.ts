/**
 * '$10' for {amount: 10, currency: 'usd'}. The amount is in major units, as the server sends it;
 * whole amounts are shown without cents.
 */
export function formatPrice(amount: number, currency: string, locale?: string): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
}
