import { PassThrough } from 'node:stream';
import { Router } from '@koa/router';
import {
  ACCOUNT_EXPORT_PATH,
  EXPORT_CROSS_SITE,
  exportFileName,
} from '../../domain/contract/accountData';
import type { AppContext, AppDeps, AppState } from '../context';
import type { Pool } from '../db';
import { CsrfFailed, Unauthorized } from '../errors';
import type { Logger } from '../log';
import { fromOtherOrigin } from '../middleware/csrf';
import { rateLimit } from '../middleware/rateLimit';
import { requireUser, userOf } from '../middleware/requireUser';
import {
  analysisMarkdown,
  chatHeading,
  editedEmailMarkdown,
  kitMarkdown,
  messageMarkdown,
  profileMarkdown,
  profileValues,
  readableTime,
  recordingMarkdown,
  readme,
  savedItemMarkdown,
} from './export.markdown';
import {
  analysesOf,
  chatsOf,
  editedEmailsOf,
  kitFilesOf,
  kitPassagesOf,
  messagesOf,
  readAccount,
  recordingsOf,
  researchOf,
  savedItemsOf,
  type ExportAccount,
} from './export.sql';
import { ExportAborted, safeFileName, zipWriter, type ZipWriter } from './export.zip';
import { listShares, presentShare } from '../shares/shares.sql';

/** An export reads the whole account: a few an hour is plenty for a rep, and bounds the work one can ask for. */
const exportsPerUser = { name: 'export:user', limit: 10, windowMs: 60 * 60 * 1000 };

/**
 * The export is a GET, so a plain link downloads it (the browser streams it to disk) and no CSRF
 * token is asked. No other site can read it: the API sends no CORS headers, and the session cookie
 * is SameSite=Lax, so another site's fetch or <img> arrives without a session (401). The one
 * cross-site request that carries the cookie is a top-level navigation, which cannot read the file
 * but would make the rep's browser build and save one: refused here by what the browser says
 * (Sec-Fetch-Site: only our own pages, or the rep typing the address), and by the Origin or the
 * Referer when one is named. A client that sends neither (curl with the rep's own cookie) is the rep.
 */
function fromOurOwnPages(ctx: AppContext): boolean {
  const site = ctx.get('Sec-Fetch-Site');
  if (site && site !== 'same-origin' && site !== 'none') return false;
  // A browser without Sec-Fetch-Site (an older Safari) still names the page it came from.
  return !fromOtherOrigin(ctx, ctx.config.appUrl, !ctx.config.isProduction);
}

/** GET /api/account/export: everything the rep keeps here, as one ZIP (JSON and Markdown). */
export function accountExportRoutes() {
  const router = new Router<AppState, AppDeps>();

  router.get(
    ACCOUNT_EXPORT_PATH,
    requireUser(),
    async (ctx, next) => {
      if (!fromOurOwnPages(ctx as AppContext)) throw CsrfFailed(EXPORT_CROSS_SITE);
      await next();
    },
    rateLimit(exportsPerUser, (ctx) => String(userOf(ctx).id)),
    async (ctx) => {
      const userId = userOf(ctx).id;
      const account = await readAccount(ctx.pool, userId);
      if (!account) throw Unauthorized();
      const now = new Date();
      const out = new PassThrough();
      ctx.type = 'application/zip';
      ctx.set('Content-Disposition', `attachment; filename="${exportFileName(now)}"`);
      ctx.body = out;
      // Written while Koa sends it; the stream's backpressure paces the reads.
      void writeExport(ctx.pool, userId, account, now, out).catch((err: unknown) => {
        if (!(err instanceof ExportAborted)) ctx.log.error({ err }, 'account export failed');
        out.destroy();
      });
    },
  );

  return router;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Write `rows` as one JSON array entry, one row at a time. */
async function jsonArray<T>(
  zip: ZipWriter,
  name: string,
  rows: AsyncIterable<T>,
  write: (row: T, text: (s: string) => Promise<void>) => Promise<void> = (row, text) =>
    text(JSON.stringify(row)),
): Promise<void> {
  const entry = zip.entry(name);
  await entry.write('[');
  let first = true;
  for await (const row of rows) {
    await entry.write(first ? '\n' : ',\n');
    first = false;
    await write(row, (s) => entry.write(s));
  }
  await entry.write('\n]\n');
  await entry.end();
}

/** The chats with the key their pages are read by left out. */
async function* chatsFor(pool: Pool, userId: number) {
  for await (const { at: _at, ...chat } of chatsOf(pool, userId)) yield chat;
}

/**
 * The ZIP, entry by entry. Each kind is read twice (the JSON, then the Markdown files), page by
 * page, rather than held in memory between the two.
 */
export async function writeExport(
  pool: Pool,
  userId: number,
  account: ExportAccount,
  now: Date,
  out: PassThrough,
  log?: Logger,
): Promise<void> {
  const zip = zipWriter(out);
  const exportedAt = now.toISOString();

  await zip.add('README.md', readme(account, exportedAt));
  const { profile, ...who } = account;
  await zip.add(
    'account.json',
    json({ exportedAt, account: who, profile: profileValues(profile), profileFields: profile }),
  );
  await zip.add('profile.md', profileMarkdown(account));

  await jsonArray(zip, 'chats.json', chatsFor(pool, userId), async (chat, text) => {
    await text(`${JSON.stringify(chat).slice(0, -1)},"messages":[`);
    let first = true;
    for await (const message of messagesOf(pool, userId, chat.id)) {
      await text(`${first ? '' : ','}${JSON.stringify(message)}`);
      first = false;
    }
    await text(']}');
  });
  const names = new Set<string>();
  for await (const chat of chatsFor(pool, userId)) {
    const name = safeFileName(`${chat.createdAt.slice(0, 10)} ${chat.title}`, chat.id, names);
    const entry = zip.entry(`chats/${name}`);
    await entry.write(chatHeading(chat));
    for await (const message of messagesOf(pool, userId, chat.id))
      await entry.write(messageMarkdown(message));
    await entry.end();
  }

  await jsonArray(zip, 'saved-items.json', savedItemsOf(pool, userId));
  for await (const item of savedItemsOf(pool, userId))
    await zip.add(
      `saved-items/${safeFileName(`${item.date.slice(0, 10)} ${item.name}`, item.id, names)}`,
      savedItemMarkdown(item),
    );

  await jsonArray(zip, 'edited-emails.json', editedEmailsOf(pool, userId));
  for await (const email of editedEmailsOf(pool, userId))
    await zip.add(
      `edited-emails/${safeFileName(`${email.edit.editedAt.slice(0, 10)} ${email.edit.subject}`, String(email.messageId), names)}`,
      editedEmailMarkdown(email),
    );

  await jsonArray(zip, 'idea-analyses.json', analysesOf(pool, userId));
  for await (const analysis of analysesOf(pool, userId))
    await zip.add(
      `idea-analyses/${safeFileName(`${analysis.createdAt.slice(0, 10)} ${analysis.idea.slice(0, 40)}`, String(analysis.id), names)}`,
      analysisMarkdown(analysis),
    );

  const kit = await kitFilesOf(pool, userId);
  await zip.add('sales-kit.json', json(kit));
  await zip.add('sales-kit.md', kitMarkdown(kit));
  for (const file of kit) {
    const entry = zip.entry(`sales-kit/${safeFileName(file.name, file.id, names, '.txt')}`);
    await entry.write(`${file.name}, uploaded ${readableTime(file.uploadedAt)}\n`);
    let page: number | null = null;
    for await (const passage of kitPassagesOf(pool, userId, file.id)) {
      if (passage.page !== null && passage.page !== page)
        await entry.write(`\n--- page ${(page = passage.page)} ---\n`);
      await entry.write(`\n${passage.text}\n`);
    }
    await entry.end();
  }

  await jsonArray(zip, 'recordings.json', recordingsOf(pool, userId));
  for await (const recording of recordingsOf(pool, userId))
    await zip.add(
      `recordings/${safeFileName(`${recording.recordedAt.slice(0, 10)} ${recording.title ?? 'Voice debrief'}`, recording.id, names)}`,
      recordingMarkdown(recording),
    );

  await jsonArray(zip, 'research.json', researchOf(pool, userId));
  await zip.add('share-links.json', json((await listShares(pool, userId)).map(presentShare)));

  await zip.finish();
  log?.debug({ userId }, 'account export written');
}
