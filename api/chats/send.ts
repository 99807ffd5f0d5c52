// The command behind POST /api/chat: store the user's message (once per clientMessageId), then
// generate the reply, or hand back / follow the one an earlier identical send made.
import { randomUUID } from 'node:crypto';
import { newChatContext, type ChatRequest } from '../../domain/contract/chat';
import { chatTitleFrom } from '../../domain/limits';
import { KIT_FILE_NAME_MAX } from '../../domain/contract/kitBasics';
import { workflowNameFor } from '../../domain/playbooks';
import { systemPromptFor } from '../../domain/playbooks/systemPrompts';
import type { PlaybookType } from '../../domain/playbooks/types';
import type { z } from 'zod';
import type { AppDeps } from '../context';
import { AppError, InvalidRequest, NotFound, RateLimited } from '../errors';
import type { LlmGateway } from '../llm/types';
import type { Logger } from '../log';
import { MODEL_ID_PATTERN } from '../../domain/contract/settings';
import type { SessionUser } from '../auth/lucia';
import { assertPro, isPro } from '../billing/requirePro';
import {
  acquireStreamLease,
  acquireStreamLeaseWithTokens,
  heldLease,
  TooManyStreams,
  type StreamLease,
} from '../llm/streams';
import {
  heldReservation,
  NO_CHARGE,
  reserveTokens,
  tokenAsk,
  TokenBudgetExceeded,
  userPayer,
  type TokenReservation,
} from '../llm/budget';
import { LLM_CALLS, llmCallsKey } from '../llm/limit';
import { tokenCeiling } from '../llm/context';
import { withContextBlocks } from '../../domain/profile/promptBlock';
import { loadProfileValues, profileBlockOf } from '../profile/profileBlock';
import type { ProfileValues } from '../../domain/contract/profile';
import {
  findResearch,
  RESEARCH_CONTEXT_MAX_TOKENS,
  researchBlock,
} from '../research/researchContext';
import { kitContextFor, NO_KIT_CONTEXT, type KitContext } from '../kit/kitContext';
import { searchKit } from '../kit/kit.sql';
import type { KitPassage } from '../../domain/contract/kit';
import {
  KIT_PASSAGES_MAX_TOKENS,
  KIT_PASSAGES_PER_CALL,
  MAX_CONCURRENT_STREAMS_PER_USER,
  PROFILE_BLOCK_MAX_TOKENS,
  STREAM_LEASE_STALE_MS,
} from '../../domain/limits';
import type { PromptPassage } from '../../domain/profile/promptBlock';
import { passagesToQuote } from '../../domain/drafts/kitAnswer';
import {
  claimReply,
  contextBefore,
  findSend,
  historyBytes,
  playbookTypeOf,
  holdsSend,
  storeSend,
  takeSendSlot,
  type ChatRow,
  type MessageRow,
} from './chats.sql';
import {
  followReply,
  generateReply,
  REPLY_STALE_MS,
  type GenerationResult,
  type ReplyOutput,
} from './generate';

type Input = z.output<typeof ChatRequest>;
type Deps = AppDeps & { llm: LlmGateway };

/** What a send will do, decided before any byte of the answer is sent (so 400/404 stay plain JSON). */
export interface SendPlan {
  chat: ChatRow;
  userMessage: MessageRow;
  /** The reply row, when it exists before the run (a replay may create it). */
  reply: MessageRow | undefined;
  run(out: ReplyOutput): Promise<GenerationResult>;
}

/**
 * The model a send or regenerate uses. A well-formed id the server no longer offers (the operator
 * took it off the list while a rep's picker still holds it) answers with the default model instead
 * of a red error; the reply names the model it came from, so the picker catches up. An id no server
 * could offer is still refused (400).
 */
export function resolveModel(llm: LlmGateway, requested: string | undefined, log?: Logger): string {
  const model = llm.resolveModel(requested);
  if (model) return model;
  if (requested !== undefined && MODEL_ID_PATTERN.test(requested)) {
    log?.info(
      `model ${JSON.stringify(requested)} is no longer offered: answering with the default model ${llm.defaultModel}`,
    );
    return llm.defaultModel;
  }
  throw InvalidRequest(
    `llmParams.model: unknown model '${requested}'; choose one of ${llm.models.map((m) => m.id).join(', ')}`,
  );
}

/**
 * The title of the chat a send creates when it names none: a finished flow's (its answers came
 * along) is named for its subject, as the client names it; any other chat is its first message.
 */
function titleOfNewChat(input: Input, content: string): string {
  if (input.playbookType !== 'none' && input.answers)
    return workflowNameFor(input.playbookType, input.answers, new Date());
  return chatTitleFrom(content);
}

/**
 * What a reply's model call is told of the rep beyond the chat: their profile and the passages of
 * their sales kit that best answer `question`. Read once per request. The offline drafter gets the
 * profile's values (a cold email's signature, booking link and offer where the answers have none;
 * the answer to a question about the rep's company) and the passages it quotes, which are the
 * reply's sources as a model's are.
 */
export interface ReplyContext {
  profile: string;
  kit: KitContext;
  /** The profile's filled fields, for the offline drafter. */
  values: ProfileValues;
  /** The kit passages the offline drafter quotes, in the order of `kit.sources`; none for a model. */
  passages: readonly PromptPassage[];
}

/**
 * The profile, kit and research a reply is written with. `flow`: a flow's answers make this reply;
 * the offline drafter quotes no kit passage for them, so none is looked up (none would show as a
 * source). A cold email is written with the rep's research on its recipient, each fact it takes
 * from a page marked with the page's number (the phone shows the marks in the editor and sends
 * none); an objection guide with the research on the competitors it names, cited as a chat answer.
 */
export async function replyContextFor(
  deps: Deps,
  userId: number,
  question: string,
  flow?: DraftedFlow,
): Promise<ReplyContext> {
  const drafted = flow !== undefined;
  const { offline } = deps.llm;
  const researched = flow ? researchedAnswer(flow) : question;
  const purpose = flow?.type === 'email' ? 'email' : 'answer';
  const [values, kit] = await Promise.all([
    loadProfileValues(deps.pool, userId),
    offline
      ? drafted
        ? { ...NO_KIT_CONTEXT, passages: [] }
        : kitQuotesFor(deps.pool, userId, question)
      : Promise.all([
          kitContextFor(deps.pool, userId, question),
          // The rep's research on what the question names (a flow: on the answer its 'Look it up'
          // step names), cited after the kit's passages. Other flows take none.
          researched ? findResearch(deps.pool, userId, researched, purpose) : [],
        ]).then(async ([found, named]) => {
          const research = await researchBlock(named, found.sources.length + 1, purpose);
          return {
            block: [found.block, research.block].filter(Boolean).join('\n\n'),
            sources: [...found.sources, ...research.sources],
            passages: [],
          };
        }),
  ]);
  return {
    profile: offline ? '' : await profileBlockOf(values),
    kit: { block: kit.block, sources: kit.sources },
    values,
    passages: kit.passages,
  };
}

/** A finished flow whose answers make a reply: its type and answers. */
export interface DraftedFlow {
  type: PlaybookType;
  answers: Readonly<Record<string, string>>;
}

/**
 * The flow's answer its research is found by (the step that offers 'Look it up'): a cold email's
 * recipient, an objection guide's competitors. Other flows: none.
 */
const RESEARCHED_ANSWER: Partial<Record<PlaybookType, string>> = {
  email: 'recipient_info',
  objection: 'competitive_landscape',
};
const researchedAnswer = (flow: DraftedFlow) => {
  const id = RESEARCHED_ANSWER[flow.type];
  return (id && flow.answers[id]?.trim()) || undefined;
};

/** The flow a send's answers finish, if they do. */
export const draftedFlow = (
  type: PlaybookType,
  answers: Readonly<Record<string, string>> | null | undefined,
): DraftedFlow | undefined => (answers ? { type, answers } : undefined);

/**
 * The passages the offline drafter quotes for `question`: of the kit search's best, those that
 * hold a word of what it asks (domain/drafts/kitAnswer.ts), as the reply's sources in that order.
 * No model reads them, so there is no prompt block and no token bound.
 */
async function kitQuotesFor(
  pool: Deps['pool'],
  userId: number,
  question: string,
): Promise<KitContext & { passages: KitPassage[] }> {
  const found = await searchKit(pool, userId, question.slice(0, 2_000), KIT_PASSAGES_PER_CALL * 2);
  const passages = passagesToQuote(question, found);
  return {
    block: '',
    sources: passages.map((p) => ({ passageId: p.id, fileName: p.fileName, page: p.page })),
    passages,
  };
}

/** A chat's system prompt with the rep's profile and kit excerpts after it. */
export function replySystemPrompt(base: string, context: ReplyContext): string {
  return withContextBlocks(base, context.profile, context.kit.block);
}

/** The send with the system prompt its call is reserved for: the chat's, the profile's and the kit's. */
const withSystem = (input: Input, context: ReplyContext) => ({
  ...input,
  system: replySystemPrompt(systemPromptFor(input.playbookType, input.systemPrompt), context),
});

export async function planSend(deps: Deps, user: SessionUser, input: Input): Promise<SendPlan> {
  const model = resolveModel(deps.llm, input.llmParams.model, deps.log);
  const last = input.messages.at(-1)!;
  const clientId = input.clientMessageId ?? randomUUID();
  const send = {
    chatId: input.chatId ?? randomUUID(),
    userId: user.id,
    title: input.title ?? titleOfNewChat(input, last.content),
    playbookType: input.playbookType,
    content: last.content,
    clientId,
    model,
    answers: input.answers,
    mayWriteInPlaybooks: isPro(user),
  };
  // The profile, kit and research are read while the slot is taken (nearly every send is new); a
  // replay that only follows its reply drops them. The slot is asked for first: the store waits for
  // it. What the reservation counts as always sent is this send's system prompt with the most those
  // blocks may add; the chat's stored type may name another prompt, of a similar size.
  const taking = beginSend(deps, user, withContextCeiling(input), input.chatId, clientId);
  const reading = replyContextFor(
    deps,
    user.id,
    last.content,
    draftedFlow(input.playbookType, input.answers),
  );
  reading.catch(() => {}); // a replay may never wait for it
  const slot = await besideReading(taking, reading);
  try {
    const plan = await planStoredSend(deps, user, input, send, slot, reading);
    // A send that only hands back or follows its reply asks no model: its reservation goes back.
    return { ...plan, run: (out) => plan.run(out).finally(() => slot.reservation?.settle(0)) };
  } catch (err) {
    await slot.lease?.release();
    await slot.reservation?.settle(0);
    throw err;
  }
}

/**
 * The slot `taking` takes, once `reading` has been read too: a send whose context cannot be read
 * stores nothing and holds nothing. A send the server holds already waits for no reading.
 */
async function besideReading(
  taking: Promise<SendSlot>,
  reading: Promise<ReplyContext>,
): Promise<SendSlot> {
  const taken = await taking;
  if (taken.stored) return taken;
  try {
    await reading;
  } catch (err) {
    await taken.lease?.release();
    await taken.reservation?.settle(0);
    throw err;
  }
  return taken;
}

/**
 * The most the rep's profile, kit excerpts and research add to a system prompt, in tokens: each is
 * bounded (the profile and the research with their headings), and on top come the kit's heading
 * and its passages' names (at most KIT_PASSAGES_PER_CALL names of KIT_FILE_NAME_MAX characters, no
 * token shorter than a character) and the research's lead. A reservation is corrected when its
 * call ends; this keeps a send beside it from counting on tokens this one may use.
 */
const CONTEXT_BLOCKS_MAX_TOKENS =
  PROFILE_BLOCK_MAX_TOKENS +
  KIT_PASSAGES_MAX_TOKENS +
  RESEARCH_CONTEXT_MAX_TOKENS +
  KIT_PASSAGES_PER_CALL * (KIT_FILE_NAME_MAX + 16) +
  200;

/** The send with its own system prompt and room for the context blocks not read yet. */
const withContextCeiling = (input: Input) => ({
  ...input,
  system: systemPromptFor(input.playbookType, input.systemPrompt),
  contextTokens: CONTEXT_BLOCKS_MAX_TOKENS,
});

interface SendSlot {
  lease?: StreamLease;
  reservation?: TokenReservation;
  /** Why no slot was taken for a send the server holds already (it may go on without one). */
  refused?: unknown;
  /** The server holds the send already: no slot was asked for. */
  stored?: boolean;
}

/**
 * A send's start, in one round trip (take_send_slot): its hit against the model-call rate limit,
 * then, unless the server holds the send already, a stream slot (fair use) and its largest possible
 * cost against the day's allowance. Over any of them it is refused with 429, stores nothing and can
 * come again. A send the server holds already (a retry after a lost answer, the outbox, a second
 * tab) takes no slot: it only hands back or follows its reply, unless its reply must be written anew
 * (planStoredSend takes one then); refused a slot because it was stored a moment before, it goes on
 * without one. A send that names no chat makes a new one, and a send with no ids of its own is
 * always new (its send id is made here).
 */
async function beginSend(
  deps: Deps,
  user: SessionUser,
  input: SendCall,
  chatId: string | undefined,
  clientId: string,
): Promise<SendSlot> {
  const ask = deps.llm.offline ? null : tokenAsk(deps.config, userPayer(user), 0);
  const taken = await takeSendSlot(deps.pool, {
    userId: user.id,
    hit: {
      key: llmCallsKey(user.id),
      limit: LLM_CALLS.limit,
      windowSeconds: LLM_CALLS.windowMs / 1000,
    },
    chatId,
    clientId,
    leases: { max: MAX_CONCURRENT_STREAMS_PER_USER, staleSeconds: STREAM_LEASE_STALE_MS / 1000 },
    tokens: ask && { key: ask.key, day: ask.day, allowance: ask.allowance },
    cost: {
      ...sendCostParts(input),
      maxContext: deps.config.llm.maxContextTokens,
      answer: input.llmParams.max_tokens,
    },
  });
  if (taken.stored) return { stored: true };
  if (taken.leaseId)
    return {
      lease: heldLease(deps, taken.leaseId),
      reservation: ask ? heldReservation(deps, { ...ask, tokens: taken.wanted }) : NO_CHARGE,
    };
  const refused =
    taken.refusedBy === 'rate'
      ? RateLimited(taken.retryIn ?? 1)
      : taken.refusedBy === 'tokens'
        ? TokenBudgetExceeded(ask!.resetsAt)
        : TooManyStreams();
  if (taken.refusedBy === 'rate' || chatId === undefined) throw refused;
  if (!(await holdsSend(deps.pool, user.id, chatId, clientId))) throw refused;
  return { refused };
}

type SendCall = Pick<Input, 'messages' | 'llmParams'> & {
  system: string;
  /** Tokens the system prompt may still gain (context blocks not read yet). */
  contextTokens?: number;
};

/**
 * What a send's call always sends, in tokens (the system prompt with the profile and kit excerpts,
 * and the new message), and the history the send brings itself (a new chat's greeting turns).
 */
const sendCostParts = (input: SendCall) => ({
  always:
    tokenCeiling([{ content: input.system }, input.messages.at(-1)!]) + (input.contextTokens ?? 0),
  moreHistory: tokenCeiling(newChatContext(input.messages.slice(0, -1))),
});

/**
 * The most a send's call can cost: what it always sends, the history up to the context bound (the
 * chat's stored history and what the send brings), and the longest answer asked for.
 * take_send_slot (db/migrations) counts the same for a new send, in the database.
 */
async function sendCost(
  deps: Deps,
  user: SessionUser,
  input: SendCall,
  chatId: string,
): Promise<number> {
  const { always, moreHistory } = sendCostParts(input);
  const history = (await historyBytes(deps.pool, user.id, chatId)) + moreHistory;
  const sent = Math.max(always, Math.min(deps.config.llm.maxContextTokens, always + history));
  return sent + input.llmParams.max_tokens;
}

/**
 * Reserve the most a send's call can cost (sendCost); the call corrects it. The offline drafter
 * costs nothing.
 */
async function reserveSend(
  deps: Deps,
  user: SessionUser,
  input: SendCall,
  chatId: string,
  opts: { force?: boolean } = {},
): Promise<TokenReservation> {
  if (deps.llm.offline) return NO_CHARGE;
  return reserveTokens(deps, userPayer(user), await sendCost(deps, user, input, chatId), {
    force: opts.force,
  });
}

/**
 * A stream slot (fair use) and the call's tokens against the day's allowance, in one round trip:
 * over either limit, 429 and nothing held. The offline drafter takes a slot and no tokens.
 */
export async function takeStreamSlot(
  deps: Deps,
  user: SessionUser,
  kind: 'chat' | 'regenerate',
  input: SendCall,
  chatId: string,
): Promise<{ lease: StreamLease; reservation: TokenReservation }> {
  if (deps.llm.offline)
    return { lease: await acquireStreamLease(deps, user.id, kind), reservation: NO_CHARGE };
  const cost = await sendCost(deps, user, input, chatId);
  return acquireStreamLeaseWithTokens(
    deps,
    user.id,
    kind,
    tokenAsk(deps.config, userPayer(user), cost),
  );
}

/**
 * Release `lease` once `run` has ended, however it ends, and give back whatever of `reservation` the
 * call did not settle itself (a query failing before the model was asked): settling counts once, so
 * a call that ran keeps the cost it settled.
 */
function holding(
  lease: StreamLease,
  reservation: TokenReservation,
  run: () => Promise<GenerationResult>,
): Promise<GenerationResult> {
  return run().finally(() => Promise.all([lease.release(), reservation.settle(0)]));
}

/** A lease and a reservation taken by force (work that must go on), or neither if either fails. */
async function forcedSlot(
  deps: Deps,
  user: SessionUser,
  input: Input & { system: string },
  chatId: string,
  have: { lease?: StreamLease; reservation?: TokenReservation },
) {
  const reservation =
    have.reservation ?? (await reserveSend(deps, user, input, chatId, { force: true }));
  try {
    return {
      reservation,
      lease: have.lease ?? (await acquireStreamLease(deps, user.id, 'chat', { force: true })),
    };
  } catch (err) {
    await reservation.settle(0);
    throw err;
  }
}

/**
 * Store the send (once) and plan its reply. `slot` is the one planSend took, filled here when a
 * replay's reply must be asked for anew; `reading` the reply context planSend is reading, which a
 * replay waits for only when it writes its reply anew.
 */
async function planStoredSend(
  deps: Deps,
  user: SessionUser,
  input: Input,
  send: Parameters<typeof storeSend>[1],
  slot: SendSlot,
  reading: Promise<ReplyContext>,
): Promise<SendPlan> {
  const { model, clientId } = send;
  // Two identical sends racing to create a new chat: the loser's statement cannot see the winner's
  // row (same snapshot), so it finds no chat. A second statement sees it and takes the replay path.
  const stored = (await storeSend(deps.pool, send)) ?? (await storeSend(deps.pool, send));
  if (!stored) throw NotFound('Chat');
  const { chat, created, sent: inserted } = stored;
  // A chat keeps the type it was created with: its system prompt follows it, whatever a later send says.
  const type = created ? input.playbookType : playbookTypeOf(chat);
  // A flow's chat is a Pro playbook whatever this send says (the statement stored nothing then).
  if (type !== 'none') assertPro(user);

  const completion = (
    userMessage: MessageRow,
    context: Array<{ role: 'user' | 'assistant'; content: string }>,
    budget: TokenReservation,
    told: ReplyContext,
  ) => ({
    model,
    params: input.llmParams,
    budget,
    draft: {
      type,
      answers: userMessage.answers ?? input.answers,
      sender: user.name ?? undefined,
      pro: isPro(user),
      profile: told.values,
      passages: told.passages,
    },
    messages: [
      {
        role: 'system' as const,
        content: replySystemPrompt(systemPromptFor(type, input.systemPrompt), told),
      },
      ...context,
      { role: 'user' as const, content: userMessage.content },
    ],
  });

  if (inserted) {
    // The server's own history (read by the statement that stored the send), but for the chat this
    // send creates: the client's greeting turns (newChatContext, the one rule of whose history the
    // model sees).
    const context = created ? newChatContext(input.messages.slice(0, -1)) : inserted.context;
    const told = await reading;
    const { lease, reservation } = await forcedSlot(
      deps,
      user,
      withSystem(input, told),
      chat.id,
      slot,
    );
    return {
      chat,
      userMessage: inserted.user,
      reply: inserted.reply,
      run: (out) =>
        holding(lease, reservation, () =>
          generateReply(
            deps,
            inserted.reply,
            completion(inserted.user, context, reservation, told),
            out,
            told.kit.sources,
          ),
        ),
    };
  }

  // A replay of an earlier send: never a second user message, never a second reply.
  const earlier = (await findSend(deps.pool, chat.id, clientId))!;
  const reply = earlier.reply;
  // Only a send whose reply failed (or never started) asks the model anew and needs its slot; one
  // that follows or hands back its reply does not count.
  const asksAgain = !reply || reply.status === 'failed';
  if (asksAgain && !slot.lease && !slot.refused)
    Object.assign(
      slot,
      await takeStreamSlot(deps, user, 'chat', withSystem(input, await reading), chat.id).catch(
        (err: unknown) => {
          // Refused, it may still hand back or follow what the earlier send left (below).
          if (!(err instanceof AppError && err.status === 429)) throw err;
          return { refused: err };
        },
      ),
    );
  if (asksAgain && !slot.lease) throw slot.refused;
  let reservation = slot.reservation;
  if (!asksAgain) {
    await slot.lease?.release();
    await reservation?.settle(0);
    reservation = undefined;
  }
  const regenerate = async (out: ReplyOutput): Promise<GenerationResult> => {
    const claimed = await claimReply(deps.pool, earlier.user, model, REPLY_STALE_MS / 1000);
    if (!claimed) {
      // Another request took it first (or its writer is alive after all): follow that one.
      await slot.lease?.release();
      const followed = await followReply(deps.pool, earlier.reply!.id, out);
      return { message: followed ?? earlier.reply! };
    }
    // Taking over a reply its dead server left: that work goes on even when every slot is in use.
    const told = await reading;
    const { lease, reservation: held } = await forcedSlot(
      deps,
      user,
      withSystem(input, told),
      chat.id,
      { lease: asksAgain ? slot.lease : undefined, reservation },
    );
    return holding(lease, held, async () =>
      generateReply(
        deps,
        claimed,
        completion(
          earlier.user,
          await contextBefore(deps.pool, chat.id, earlier.user.id),
          held,
          told,
        ),
        out,
        told.kit.sources,
      ),
    );
  };
  return {
    chat,
    userMessage: earlier.user,
    reply,
    async run(out) {
      if (reply && (reply.status === 'complete' || reply.status === 'partial')) {
        if (reply.content) out.delta(reply.content);
        return { message: reply };
      }
      // A reply being written is followed for as long as its writer lives; one whose writer died
      // (no heartbeat) is taken over and written afresh, the client told its text restarts.
      if (reply?.status === 'streaming') {
        const followed = await followReply(deps.pool, reply.id, out);
        if (followed) return { message: followed };
      }
      return regenerate(out);
    },
  };
}
