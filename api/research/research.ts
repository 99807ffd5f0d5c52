/**
 * Research a company or a person: the web search engine the operator connected finds pages, the
 * server reads at most five of them (as a guarded fetch: public addresses only, robots.txt kept),
 * picks their passages that best answer the rep by the same full-text ranking the sales kit uses,
 * and the model answers from those alone, every sentence citing its pages. What it says that no page
 * supports is listed as unconfirmed. The research is kept, with the passages it was written from,
 * so it opens with no signal and is not searched again until the rep refreshes it.
 */
import { randomUUID } from 'node:crypto';
import {
  subjectKey,
  type Research,
  type ResearchInput,
  type ResearchSource,
} from '../../domain/contract/research';
import { TOKEN_BUDGET_CODE } from '../../domain/contract/usage';
import {
  checkClaims,
  ModelResearchAnswer,
  RESEARCH_SYSTEM_PROMPT,
  researchUserPrompt,
} from '../../domain/research/research';
import type { Config } from '../config';
import type { Pool } from '../db';
import { AppError } from '../errors';
import { splitPassages } from '../kit/extract';
import { countTextTokens } from '../llm/context';
import type { TokenPayer } from '../llm/budget';
import { completeJson } from '../llm/json';
import type { LlmGateway } from '../llm/types';
import type { Logger } from '../log';
import { pageReader, type ReadPage } from './pages';
import { findResearchOn, rankPassages, saveResearch } from './research.sql';
import { searchWeb, SearchEngineError, type SearchEngineSettings } from './searchEngines';
import { readWebSearchSettings } from './webSearchSettings.sql';

/** Pages read per research: enough to cross-check a fact, few enough to read in seconds. */
export const RESEARCH_PAGES = 5;
/** Results asked of the search engine: a few more than are read, for the duplicates dropped. */
const RESULTS_ASKED = 8;
/** How long the search engine has to answer. */
const SEARCH_TIMEOUT_MS = 8_000;
/** The passages sent to the model, all pages together. */
export const RESEARCH_PASSAGES_MAX_TOKENS = 3_500;
/** A source's passages kept with the research (what opens offline): at most this many characters. */
const EXCERPT_MAX_CHARS = 6_000;

const RESEARCH_PARAMS = {
  temperature: 0.2,
  max_tokens: 900,
  top_p: 1,
  frequency_penalty: 0,
  presence_penalty: 0,
};

export interface ResearchDeps {
  pool: Pool;
  config: Config;
  log: Logger;
  /** The metered gateway: the model's answer counts against the rep's daily allowance. */
  llm: LlmGateway;
}

/** What research needs and the rep cannot fix: said without naming any setting or variable. */
export const NO_SEARCH_ENGINE_MESSAGE =
  'Research needs a web search engine, and none is connected yet. Whoever runs your Pitchpad can connect one in Settings → Web search.';

/** The engine research asks: the environment's, else Settings → Web search's; null: none. */
export async function currentEngine(
  pool: Pool,
  config: Config,
): Promise<SearchEngineSettings | null> {
  if (config.research.engineFromEnv) return config.research.engineFromEnv;
  const stored = await readWebSearchSettings(
    pool,
    config.sessionSecret,
    config.previousSessionSecret,
  );
  return stored && { kind: stored.kind, baseUrl: stored.baseUrl, apiKey: stored.apiKey };
}

/**
 * The rep's research on `input.subject`: the one kept, unless they ask to refresh it, else made now.
 * Throws 409 `no_search_engine` when there is no engine, 502 `research_failed` when nothing could be
 * read at all (the engine down, every page refused): a research is kept only when it read a page.
 */
export async function researchSubject(
  deps: ResearchDeps,
  userId: number,
  payer: TokenPayer,
  input: ResearchInput,
): Promise<Research> {
  const subject = input.subject.trim();
  const question = input.question?.trim() || null;
  const key = subjectKey(subject);
  const kept = await findResearchOn(deps.pool, userId, key);
  // The kept research answers again, unless the rep refreshes it or asks it something new.
  if (kept && !input.refresh && (question === null || question === kept.question)) return kept;
  const engine = await currentEngine(deps.pool, deps.config);
  if (!engine) throw new AppError(409, 'no_search_engine', NO_SEARCH_ENGINE_MESSAGE);

  const query = question ? `${subject} ${question}` : subject;
  const notes: string[] = [];
  let results;
  try {
    results = await searchWeb(engine, query, {
      limit: RESULTS_ASKED,
      timeoutMs: SEARCH_TIMEOUT_MS,
    });
  } catch (error) {
    if (!(error instanceof SearchEngineError)) throw error;
    deps.log.warn(`research: the ${engine.kind} search failed: ${error.message}`);
    throw new AppError(
      502,
      'research_failed',
      error.kind === 'unavailable'
        ? 'The web search did not answer. Try again in a moment.'
        : 'The web search could not be used. Whoever runs your Pitchpad can check it in Settings → Web search.',
    );
  }
  if (!results.length)
    throw new AppError(
      502,
      'research_failed',
      `The web search found nothing for “${subject}”. Try the company’s full name or its website.`,
    );

  const reader = pageReader({
    rules: deps.config.research.pageFetch,
    userAgent: deps.config.research.userAgent,
  });
  const outcomes = await Promise.all(
    results.slice(0, RESEARCH_PAGES).map((result) => reader.read(result.url)),
  );
  const pages: ReadPage[] = [];
  for (const outcome of outcomes) {
    if (outcome.ok) pages.push(outcome.page);
    else notes.push(`${siteOf(outcome.url)}: ${outcome.problem}`);
  }
  if (!pages.length)
    throw new AppError(
      502,
      'research_failed',
      `None of the pages found could be read. ${notes.join(' ')}`.slice(0, 600),
    );

  const sources = await chooseSources(deps.pool, query, pages);
  const answer = await answerFromSources(deps, payer, subject, question, sources);
  // A refresh the model could not summarise does not replace a summary the rep already has.
  if (!answer.madeWithModel && kept?.madeWithModel)
    throw new AppError(
      503,
      'research_failed',
      `${answer.why ?? 'The AI model could not answer.'} Your research is kept as it was; refresh it later.`,
    );
  notes.push(...answer.notes);
  return saveResearch(deps.pool, userId, key, {
    id: randomUUID(),
    subject,
    question,
    claims: answer.claims,
    unconfirmed: answer.unconfirmed,
    sources,
    notes,
    madeWithModel: answer.madeWithModel,
  });
}

/**
 * The pages as numbered sources, each with its passages that best answer the query: each page's best
 * passage first (so every page read can be cited), then the best of the rest, until the passages
 * fill RESEARCH_PASSAGES_MAX_TOKENS. A page none of whose passages fit is not a source.
 */
async function chooseSources(
  pool: Pool,
  query: string,
  pages: readonly ReadPage[],
): Promise<ResearchSource[]> {
  const passages = pages.flatMap((page, p) =>
    splitPassages([{ page: null, text: page.text }]).map((passage, order) => ({
      page: p,
      order,
      text: passage.text,
    })),
  );
  const ranked = (
    await rankPassages(
      pool,
      query,
      passages.map((passage) => passage.text),
    )
  ).map(({ index }) => passages[index]!);
  const firsts = pages.map((_, p) => ranked.find((passage) => passage.page === p)).filter(Boolean);
  const order = [...new Set([...firsts, ...ranked])] as typeof passages;
  const chosen = new Set<(typeof passages)[number]>();
  let tokens = 0;
  for (const passage of order) {
    const cost = await countTextTokens(passage.text, RESEARCH_PASSAGES_MAX_TOKENS);
    if (tokens + cost > RESEARCH_PASSAGES_MAX_TOKENS) continue;
    tokens += cost;
    chosen.add(passage);
  }
  const sources: ResearchSource[] = [];
  pages.forEach((page, p) => {
    const excerpt = passages
      .filter((passage) => passage.page === p && chosen.has(passage))
      .map((passage) => passage.text)
      .join('\n\n')
      .slice(0, EXCERPT_MAX_CHARS);
    if (!excerpt) return;
    sources.push({
      n: sources.length + 1,
      url: page.finalUrl,
      title: page.title,
      site: page.site,
      readAt: page.readAt,
      publishedAt: page.publishedAt,
      excerpt,
    });
  });
  return sources;
}

/**
 * The model's answer from the sources, checked: a sentence that cites no source sent, or states a
 * number none of its sources holds, is unconfirmed. With no model, none left in the rep's allowance
 * or a model that fails, the sources are kept unsummarised, and a note says why (a refresh tries
 * again).
 */
async function answerFromSources(
  deps: ResearchDeps,
  payer: TokenPayer,
  subject: string,
  question: string | null,
  sources: ResearchSource[],
): Promise<
  Pick<Research, 'claims' | 'unconfirmed' | 'madeWithModel' | 'notes'> & { why?: string }
> {
  if (deps.llm.offline)
    return {
      ...unsummarised(
        'No AI model is connected: the pages found are listed with the passages that answer best, not summarised.',
      ),
      why: 'No AI model is connected.',
    };
  try {
    const answer = await completeJson(
      deps.llm,
      deps.log,
      {
        model: deps.llm.defaultModel,
        budget: payer,
        params: RESEARCH_PARAMS,
        messages: [
          { role: 'system', content: RESEARCH_SYSTEM_PROMPT },
          { role: 'user', content: researchUserPrompt(subject, question, sources) },
        ],
      },
      ModelResearchAnswer,
      'The model did not answer with research.',
    );
    return { ...checkClaims(answer, sources), madeWithModel: true, notes: [] };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    deps.log.info(`research made without the model: ${error.code}: ${error.message}`);
    const budget = error.code === TOKEN_BUDGET_CODE;
    return {
      ...unsummarised(
        budget
          ? `${error.message} Until then, the pages found are listed with the passages that answer best.`
          : `The AI model could not answer (${error.message.replace(/\.$/, '')}): the pages found are listed with the passages that answer best. Refresh to try again.`,
      ),
      why: budget ? error.message : 'The AI model could not answer.',
    };
  }
}

/** The sources kept as they are, unsummarised, with a note saying why. */
const unsummarised = (note: string) => ({
  claims: [],
  unconfirmed: [],
  madeWithModel: false,
  notes: [note],
});

/** A page's site as a note names it ('techcrunch.com'). */
function siteOf(url: string): string {
  return URL.canParse(url) ? new URL(url).hostname.replace(/^www\./, '') : url;
}
