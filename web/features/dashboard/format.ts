import { groupThousands } from '../../../domain/numbers';

/** 'March 5, 2024' from the account's createdAt; the raw value if it cannot be read as a date. */
export function formatMemberSince(createdAt: string, locale?: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return createdAt;
  return date.toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric' });
}

/** '45 min', '2 h', '3 h 20 min'. */
export function formatMinutes(total: number): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}

/** '12,345': a count as the dashboard shows it. */
export function formatCount(n: number): string {
  return groupThousands(n);
}

/** 'in 3 h 12 min': the wait until `at`, rounded up to the minute. */
export function formatWaitUntil(at: string, now = Date.now()): string {
  const minutes = Math.max(1, Math.ceil((new Date(at).getTime() - now) / 60_000));
  return `in ${formatMinutes(minutes)}`;
}
