import { Router } from '@koa/router';
import type { Middleware, ParameterizedContext } from 'koa';
import {
  ExportQuery,
  ShareChange,
  ShareInput,
  type ShareExpiry,
} from '../../domain/contract/share';
import {
  exportFileName,
  exportMarkdown,
  type ExportFormat,
  type Snapshot,
} from '../../domain/exports/files';
import { attachment, EXPORT_TYPES, exportDocx } from './exports';
import { exportPdf } from './pdf';
import type { AppLucia } from '../auth/lucia';
import { loadSession } from '../auth/sessions';
import type { AppDeps, AppState } from '../context';
import type { Pool } from '../db';
import { AppError, Conflict, NotFound } from '../errors';
import { clientAddress, consume, limitRule, rateLimit } from '../middleware/rateLimit';
import { requireUser, userOf } from '../middleware/requireUser';
import { inputOf, validate } from '../middleware/validate';
import { forgetRendered, missingSharePage, sharedPage, tooManyPagesPage } from './sharePage';
import {
  findOwnShare,
  hasRoomForLink,
  insertShare,
  LIVE_SHARES_MAX,
  listShares,
  newShareId,
  openShare,
  presentShare,
  revokeShare,
  updateShare,
} from './shares.sql';
import { snapshotOf, workflowSnapshotOf } from './snapshot';

const DAY_MS = 86_400_000;
const EXPIRY_MS: Record<ShareExpiry, number | null> = {
  '1d': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
  never: null,
};
const expiryFrom = (expiresIn: ShareExpiry, now = Date.now()) => {
  const ms = EXPIRY_MS[expiresIn];
  return ms === null ? null : new Date(now + ms);
};

const TOO_MANY_LINKS = `You have ${LIVE_SHARES_MAX} links that still work, the most there may be: turn some off on your account page first.`;

/**
 * A rep downloads at most this many files in ten minutes: a long chat's PDF is laid out on the
 * server's thread (about 6 s for a chat of a million characters), so a loop over the route is
 * stopped before it holds the server.
 */
export const FILES_PER_TEN_MINUTES = 30;
const filesPerUser = rateLimit(
  { name: 'export:user', limit: FILES_PER_TEN_MINUTES, windowMs: 10 * 60_000 },
  (ctx) => String(userOf(ctx).id),
  `You made ${FILES_PER_TEN_MINUTES} files in ten minutes, the most there may be: try again in a few minutes.`,
);

/** A rep makes at most this many links an hour: a script looping over the route is stopped. */
export const SHARES_PER_HOUR = 60;
const sharesPerUser = rateLimit(
  { name: 'share:user', limit: SHARES_PER_HOUR, windowMs: 3_600_000 },
  (ctx) => String(userOf(ctx).id),
  `You made ${SHARES_PER_HOUR} links this hour, the most there may be: try again later.`,
);

/**
 * POST /api/shares (a snapshot of the rep's chat, reply or saved analysis), GET /api/shares (the
 * rep's live links, with their views), PATCH /api/shares/:id (who may read it, for how long, the
 * name shown, or a new snapshot), DELETE /api/shares/:id (revoke); GET /api/chats/:id/export and
 * /api/workflows/:id/export (a PDF, Word or Markdown file).
 */
export function shareRoutes() {
  const router = new Router<AppState, AppDeps>({ prefix: '/api' });
  router.use(['/shares', '/shares/:id'], requireUser());

  router.post('/shares', sharesPerUser, validate(ShareInput), async (ctx) => {
    const input = inputOf(ctx, ShareInput);
    const user = userOf(ctx);
    const source =
      input.workflowId !== undefined
        ? { workflowId: input.workflowId }
        : { chatId: input.chatId!, messageId: input.messageId ?? null };
    const snapshot = await sourceSnapshot(ctx.pool, user.id, source);
    const row = await insertShare(ctx.pool, {
      id: newShareId(),
      userId: user.id,
      source,
      snapshot,
      shownName: input.shownName || null,
      anyone: input.anyone,
      expiresAt: expiryFrom(input.expiresIn),
    });
    if (!row) throw Conflict(TOO_MANY_LINKS);
    ctx.status = 201;
    ctx.body = presentShare(row);
  });

  router.get('/shares', async (ctx) => {
    ctx.body = (await listShares(ctx.pool, userOf(ctx).id)).map(presentShare);
  });

  router.patch('/shares/:id', validate(ShareChange), async (ctx) => {
    const change = inputOf(ctx, ShareChange);
    const user = userOf(ctx);
    const id = ctx.params.id!;
    const share = await findOwnShare(ctx.pool, user.id, id);
    if (!share) throw NotFound('Share');
    // An ended link given a new time works again: it takes a place among the rep's live links.
    const ended = share.expires_at !== null && share.expires_at.getTime() <= Date.now();
    if (ended && change.expiresIn !== undefined && !(await hasRoomForLink(ctx.pool, user.id)))
      throw Conflict(TOO_MANY_LINKS);
    const snapshot = change.refresh
      ? await sourceSnapshot(
          ctx.pool,
          user.id,
          share.workflow_id !== null
            ? { workflowId: share.workflow_id }
            : { chatId: share.chat_id!, messageId: share.message_id },
        )
      : undefined;
    const row = await updateShare(ctx.pool, user.id, id, {
      ...(change.anyone !== undefined ? { anyone: change.anyone } : {}),
      ...(change.expiresIn !== undefined ? { expiresAt: expiryFrom(change.expiresIn) } : {}),
      ...(change.shownName !== undefined ? { shownName: change.shownName || null } : {}),
      ...(snapshot ? { snapshot } : {}),
    });
    if (!row) throw NotFound('Share');
    ctx.body = presentShare(row);
  });

  // The chat, one reply, or a saved analysis as a file: PDF, Word or Markdown, named after its title.
  router.get(
    ['/chats/:id/export', '/workflows/:id/export'],
    requireUser(),
    filesPerUser,
    validate(ExportQuery, 'query'),
    async (ctx) => {
      const { format, messageId } = inputOf(ctx, ExportQuery);
      const snapshot = await sourceSnapshot(
        ctx.pool,
        userOf(ctx).id,
        ctx.path.includes('/workflows/')
          ? { workflowId: ctx.params.id! }
          : { chatId: ctx.params.id!, messageId: messageId ?? null },
      );
      await sendExport(ctx, snapshot, format);
    },
  );

  router.delete('/shares/:id', async (ctx) => {
    if (!(await revokeShare(ctx.pool, userOf(ctx).id, ctx.params.id!))) throw NotFound('Share');
    forgetRendered(ctx.params.id!);
    ctx.status = 204;
  });

  return router;
}

/** What a share shows of its source, as stored now; 404 naming it when it is not the rep's. */
async function sourceSnapshot(
  pool: Pool,
  userId: number,
  source: { chatId: string; messageId: number | null } | { workflowId: string },
): Promise<Snapshot> {
  if ('workflowId' in source) {
    const snapshot = await workflowSnapshotOf(pool, userId, source.workflowId);
    if (!snapshot) throw NotFound('Analysis');
    return snapshot;
  }
  const snapshot = await snapshotOf(pool, userId, source.chatId, source.messageId);
  if (!snapshot) throw NotFound(source.messageId === null ? 'Chat' : 'Reply');
  return snapshot;
}

/** The file, named after its title. */
async function sendExport(
  ctx: ParameterizedContext<AppState, AppDeps>,
  snapshot: Snapshot,
  format: ExportFormat,
) {
  const now = new Date();
  ctx.set('Content-Disposition', attachment(exportFileName(snapshot.title, format)));
  ctx.type = EXPORT_TYPES[format];
  ctx.body =
    format === 'md'
      ? exportMarkdown(snapshot, now)
      : format === 'docx'
        ? await exportDocx(snapshot, now)
        : await exportPdf(snapshot, now);
}

/** A share's id as its page's address holds it: 22 characters of base64url. */
const SHARE_PATH = /^\/s\/([A-Za-z0-9_-]{1,64})\/?$/;
/** Link previews (chat apps, social networks) open a page before anyone reads it: not a view. */
const PREVIEW_BOT =
  /bot|crawler|spider|facebookexternalhit|slack|whatsapp|telegram|discord|linkedin|skype|embedly|preview/i;

/** The headers of every answer at /s/: never indexed, no referrer, no script, never cached. */
function pageHeaders(ctx: ParameterizedContext<AppState, AppDeps>) {
  ctx.set('X-Robots-Tag', 'noindex, nofollow');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  );
  // Per reader (a private page is its rep's alone), and never kept by a shared cache.
  ctx.set('Cache-Control', 'private, no-store');
  ctx.type = 'html';
}

/**
 * Shared pages one address may open in ten minutes: far more than any reader (a team passing a
 * link around behind one office address included), far fewer than a script trying ids.
 */
export const PAGES_PER_ADDRESS = 600;
const PAGES_PER_ADDRESS_RULE = limitRule('share:page', PAGES_PER_ADDRESS, 10 * 60_000);

/**
 * GET /s/<id>: the shared page, before the PWA is served. 200 with the snapshot; 410 for a revoked
 * or expired link (or one whose chat or analysis was deleted), saying so and never showing the content; 404 for
 * no link, or a private one read by anyone but its rep. Never indexed, no referrer, no script; one address may open `PAGES_PER_ADDRESS` of them in ten
 * minutes.
 */
export function sharedPages(lucia: AppLucia): Middleware<AppState, AppDeps> {
  const readSession = loadSession(lucia);
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/s/') || (ctx.method !== 'GET' && ctx.method !== 'HEAD'))
      return next();
    const match = SHARE_PATH.exec(ctx.path);
    try {
      await consume(ctx.pool, PAGES_PER_ADDRESS_RULE, clientAddress(ctx.ip));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      pageHeaders(ctx);
      ctx.set(error.headers);
      ctx.status = 429;
      ctx.body = tooManyPagesPage();
      return;
    }
    await readSession(ctx, async () => {});
    const counted = ctx.method === 'GET' && !PREVIEW_BOT.test(ctx.get('User-Agent'));
    const found = match
      ? await openShare(ctx.pool, match[1]!, ctx.state.user?.id, counted)
      : ({ state: 'none' } as const);
    pageHeaders(ctx);
    if (found.state === 'live') {
      ctx.status = 200;
      ctx.body = sharedPage({
        id: found.share.id,
        title: found.share.title,
        content: found.share.content!,
        emailSubject: found.share.email_subject,
        shownName: found.share.shown_name,
        snapshotAt: found.share.snapshot_at,
        anyone: found.share.anyone,
        own: found.own,
      });
      return;
    }
    ctx.status = found.state === 'gone' ? 410 : 404;
    ctx.body = missingSharePage(found.state);
  };
}
