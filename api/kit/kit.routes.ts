import { Router } from '@koa/router';
import {
  KIT_FILE_ID,
  KIT_FILE_NAME_HEADER,
  KIT_FILE_NAME_MAX,
  KitErrorCode,
  KitSearchInput,
  type KitFile,
  type KitLimitsResponse,
  type KitSearchResponse,
} from '../../domain/contract/kit';
import pLimit from 'p-limit';
import {
  KIT_EXTRACTIONS_AT_ONCE,
  KIT_MAX_PASSAGES,
  KIT_PASSAGES_PER_CALL,
  KIT_UPLOAD_WINDOW_MS,
  KIT_UPLOADS_PER_USER,
} from '../../domain/limits';
import type { AppContext, AppDeps, AppState } from '../context';
import { AppError, InvalidRequest, NotFound, Unavailable } from '../errors';
import { expectedUser } from '../middleware/expectedUser';
import { rateLimit } from '../middleware/rateLimit';
import { requireUser, userOf } from '../middleware/requireUser';
import { inputOf, validate } from '../middleware/validate';
import { readProfile } from '../profile/profile.sql';
import { extractText, KitFileError, KitReaderError, splitPassages } from './extract';
import {
  countKitFiles,
  deleteKitFile,
  findKitFile,
  findKitPassage,
  listKitFiles,
  saveKitFile,
  searchKit,
} from './kit.sql';
import { textSearchConfig } from './textSearch';

/** Where a file is uploaded to: its body is the file's bytes, not JSON (app.ts leaves it unread). */
export const KIT_UPLOAD_PATH = /^\/api\/kit\/files\/[^/]+$/;

const mb = (bytes: number) => `${Math.round(bytes / 100_000) / 10} MB`;

/**
 * The body, up to `max` bytes: past it (by Content-Length or as it arrives) a 413. Copied once, into
 * one buffer, what the reader's process is sent.
 */
async function fileBytes(ctx: AppContext, max: number): Promise<Uint8Array> {
  const tooLarge = () =>
    new AppError(
      413,
      KitErrorCode.tooLarge,
      `The file is larger than ${mb(max)}, the most a file may be.`,
    );
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > max) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw tooLarge();
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/** The file's name, from its header: URI-encoded text, no path, not blank. */
function fileName(ctx: AppContext): string {
  const raw = ctx.get(KIT_FILE_NAME_HEADER);
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    throw InvalidRequest(`${KIT_FILE_NAME_HEADER}: must be the file's name, URI-encoded`);
  }
  name = name.replace(/^.*[/\\]/, '').trim();
  if (!name) throw InvalidRequest(`${KIT_FILE_NAME_HEADER}: the file's name is required`);
  if (name.length > KIT_FILE_NAME_MAX || /\p{Cc}/u.test(name) || !name.isWellFormed())
    throw InvalidRequest(
      `${KIT_FILE_NAME_HEADER}: must be a file name of at most ${KIT_FILE_NAME_MAX} characters`,
    );
  return name;
}

/**
 * The sales kit: the rep's documents (PUT a file's bytes under the id its
 * device gave it; list; delete, which deletes its passages) and a search of their passages.
 */
export function kitRoutes() {
  const router = new Router<AppState, AppDeps>({ prefix: '/api/kit' });
  // Queued uploads name their owner: never stored into another account.
  router.use(expectedUser());

  router.get('/files', requireUser(), async (ctx) => {
    ctx.body = await listKitFiles(ctx.pool, userOf(ctx).id);
  });

  // The screen states the limits and checks a file against them before queueing it.
  router.get('/limits', requireUser(), (ctx) => {
    const { maxFiles, maxFileBytes } = ctx.config.kit;
    const body: KitLimitsResponse = { maxFiles, maxFileBytes };
    ctx.body = body;
  });

  // Reading a PDF or DOCX takes a process's memory and a core: this instance reads a few at once.
  const reading = pLimit(KIT_EXTRACTIONS_AT_ONCE);
  const uploadsPerUser = rateLimit(
    { name: 'kit:upload', limit: KIT_UPLOADS_PER_USER, windowMs: KIT_UPLOAD_WINDOW_MS },
    (ctx) => String(userOf(ctx).id),
  );

  router.put('/files/:id', requireUser(), uploadsPerUser, async (ctx) => {
    const user = userOf(ctx);
    const id = ctx.params.id!;
    if (!KIT_FILE_ID.test(id)) throw InvalidRequest('id: must be a 21-character id');
    const name = fileName(ctx);
    const { maxFiles, maxFileBytes, extractTimeoutMs } = ctx.config.kit;
    const overCount = () =>
      new AppError(
        409,
        KitErrorCode.tooMany,
        `Your sales kit holds ${maxFiles} files, the most it may: delete one to add “${name}”.`,
      );
    // Before the body is read: a queued upload sent again is answered with what is stored, and a
    // full kit refused, with no file read. saveKitFile checks both again under the user's lock.
    const stored = await findKitFile(ctx.pool, user.id, id);
    if (stored) {
      ctx.status = 200;
      ctx.body = stored satisfies KitFile;
      return;
    }
    if ((await countKitFiles(ctx.pool, user.id)) >= maxFiles) throw overCount();
    const bytes = await fileBytes(ctx, maxFileBytes);
    const size = bytes.length;
    let extracted;
    try {
      extracted = await reading(() =>
        extractText(name, bytes, { timeoutMs: extractTimeoutMs, log: ctx.log }),
      );
    } catch (error) {
      // The file cannot be read: refused for good. The reader failed: a 503 the device tries again.
      if (error instanceof KitFileError)
        throw new AppError(422, KitErrorCode.unreadable, error.message);
      if (error instanceof KitReaderError)
        throw Unavailable(`Pitchpad could not read “${name}” just now: it will try again shortly.`);
      throw error;
    }
    const passages = splitPassages(extracted.pages);
    if (passages.length > KIT_MAX_PASSAGES)
      throw new AppError(
        422,
        KitErrorCode.unreadable,
        `“${name}” holds more text than Pitchpad keeps of a file (${KIT_MAX_PASSAGES.toLocaleString('en')} passages): split it into smaller documents.`,
      );
    const profile = await readProfile(ctx.pool, user.id);
    const outcome = await saveKitFile(
      ctx.pool,
      user.id,
      {
        id,
        name,
        kind: extracted.kind,
        bytes: size,
        pages:
          extracted.kind === 'pdf'
            ? extracted.pages.reduce((most, p) => Math.max(most, p.page ?? 0), 0)
            : null,
      },
      passages,
      { maxFiles, config: textSearchConfig(profile.language?.value) },
    );
    if ('overCount' in outcome) throw overCount();
    ctx.status = outcome.created ? 201 : 200;
    const body: KitFile = outcome.saved;
    ctx.body = body;
  });

  router.delete('/files/:id', requireUser(), async (ctx) => {
    if (!(await deleteKitFile(ctx.pool, userOf(ctx).id, ctx.params.id!))) throw NotFound('File');
    ctx.status = 204;
  });

  // POST: what the rep typed is never part of an address.
  router.post('/search', requireUser(), validate(KitSearchInput), async (ctx) => {
    const { query } = inputOf(ctx, KitSearchInput);
    const body: KitSearchResponse = {
      passages: await searchKit(ctx.pool, userOf(ctx).id, query, KIT_PASSAGES_PER_CALL),
    };
    ctx.body = body;
  });

  router.get('/passages/:id', requireUser(), async (ctx) => {
    const passage = await findKitPassage(ctx.pool, userOf(ctx).id, ctx.params.id!);
    if (!passage) throw NotFound('Passage');
    ctx.body = passage;
  });

  return router;
}
