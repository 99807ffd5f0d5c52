/**
 * Small text rules of the chat workspace: sidebar titles cut to length, relative times, model
 * names.
 */
import {
  OFFLINE_DRAFTER_LABEL,
  OFFLINE_DRAFTER_MODEL,
  SIDEBAR_TITLE_DESKTOP,
  SIDEBAR_TITLE_MOBILE,
} from '../../../domain/limits';

/** A sidebar title: cut at 30 characters on desktop, 25 on phones, with '...'. */
export function sidebarTitle(title: string, isDesktop: boolean): string {
  const max = isDesktop ? SIDEBAR_TITLE_DESKTOP : SIDEBAR_TITLE_MOBILE;
  return title.length > max ? `${title.slice(0, max)}...` : title;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/** Time since `iso`, like '5 min ago', '2 hours ago', '3 days ago'; older than a month shows the date. */
export function relativeTime(iso: string, now = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const elapsed = Math.max(0, now - then);
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return plural(Math.floor(elapsed / DAY), 'day');
  if (elapsed < 30 * DAY) return plural(Math.floor(elapsed / (7 * DAY)), 'week');
  const date = new Date(then);
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  return date.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

/** A model's display name: GPT names uppercased (gpt-4o → GPT-4O), the offline drafter by its label. */
export function modelLabel(id: string, label?: string): string {
  if (id === OFFLINE_DRAFTER_MODEL) return OFFLINE_DRAFTER_LABEL;
  if (/^gpt/i.test(id)) return id.toUpperCase();
  return label || id;
}

/** The picker's heading for a group of models. */
export function modelGroupHeading(group: string): string {
  if (group === 'openai') return 'OpenAI GPT-4o';
  if (group === 'offline') return 'No model configured';
  return group;
}
