import { createHash, randomUUID } from 'node:crypto';
import { resolveSettings, type EngineSettings } from '../config/settings';
import { buildContext } from '../context/build';
import { attachmentNotes } from '../context/attachment-notes';
import { formatSnippetAnswer, noContextAnswer } from '../context/render';
import { countTokens } from '../context/tokens';
import type { BuiltContext, ContextChunk, ConversationTurn, SearchScope } from '../context/types';
import { cancelledError } from '../llm/errors';
import type { RetryInfo, RetryOptions } from '../llm/retry';
import { ProviderError, type IncompleteReason, type Provider, type ToolSpec } from '../llm/types';
import { runToolLoop } from '../tools/tool-loop';
import { describeToolUse } from '../tools/progress';
import type { CommandToolset } from '../tools/command-tools';
import type { ScrubbedText } from '../privacy/types';
import { streamReply } from './reply-stream';
import type { MetricsRegistry } from '../metrics/registry';
import { createScrubber } from '../privacy/scrubber';
import type { ChunkSource } from '../retrieval/chunk-source';
import { nullLogger, type Logger } from '../telemetry/log';
import { AnswerStream } from './answer-stream';
import { citationsOf, plainText } from './citations';
import { recordOutcome, type QueryOutcome } from './outcome';
import { boundedHistory, boundedQuestion, buildMessages, incompleteNote } from './prompt';
import type { AnswerResult, AskRequest, AttachedContext, Rephrasing } from './types';
import { fitBudgetToModel } from './window-budget';

/**
 * What the pipeline needs from @mentions: the question left readable, the attached text, the
 * summary to show (`failureNotes`), how many mentions could not be attached (`failed`), and the
 * folders the search is kept to (`@src/auth/`).
 */
export type MentionResolver = (text: string, signal?: AbortSignal) => Promise<{
  question: string; attached: AttachedContext[]; failureNotes: string[]; failed?: number; scope?: SearchScope; rephrasings?: Rephrasing[];
}>;

export interface AskDeps {
  provider?: Provider;
  /** Why there is no provider, shown with the snippet answer. */
  unconfiguredReason?: string;
  settings?: Partial<EngineSettings>;
  logger?: Logger;
  index?: ChunkSource;
  metrics?: MetricsRegistry;
  retry?: Omit<RetryOptions, 'signal' | 'onRetry'>;
  resolveMentions?: MentionResolver;
  /**
   * Read-only tools the model may ask for (seed 003), natively where the provider supports tool
   * calling and with the command protocol; absent, no tools are offered and the model answers from
   * the context alone. Surfaces leave it out in an untrusted workspace.
   */
  tools?: CommandToolset;
  /** Keeps each finished exchange (scrubbed question, answer and tool results), e.g. in workspace memory. */
  onTurn?: (turn: AnsweredTurn) => void;
  /**
   * Notes said earlier to the same user (a model's small window): one in here is not repeated above
   * every answer; new ones are added. Absent, every answer says its notes (the CLI asks once per process).
   */
  saidNotes?: Set<string>;
  /**
   * Builds the context in another process that keeps the index live (a resident `grounded serve`);
   * undefined when it cannot (then it is built here). Asked only for a question with nothing attached,
   * no tools and nothing scrubbed yet: its fresh scrubber then numbers placeholders as this query's own would.
   */
  remoteContext?: (req: { question: string; history?: ConversationTurn[]; settings: EngineSettings; queryId: string }) => Promise<BuiltContext | undefined>;
}

/** One answered question as it may be remembered: only text that was scrubbed or came from the model. */
export interface AnsweredTurn {
  queryId: string;
  question: ScrubbedText;
  answer: ScrubbedText;
  toolResults: ScrubbedText[];
}

/** A short, non-reversible fingerprint of the question for logs (the text itself is never logged). */
export function queryHash(question: string): string {
  return createHash('sha256').update(question).digest('hex').slice(0, 16);
}

/** The result of an answer whose segments `out` holds (flushed here). */
function resultOf(out: AnswerStream, r: Omit<AnswerResult, 'answer' | 'segments' | 'citations'>): AnswerResult {
  out.flush();
  return { ...r, answer: plainText(out.segments), segments: out.segments, citations: citationsOf(out.segments) };
}

/** Where ask() was when something threw, named in the log when the error is not a provider's. */
const STAGE_ERROR = { mentions: 'mention_resolution', context: 'context_build', model: 'internal' } as const;

/**
 * Answers a question about the workspace at `request.root`: resolves @mentions, builds the
 * scrubbed context, and, when a provider is configured, streams the model's answer (retrying rate
 * limits and server errors before the first token), then checks every citation against what was
 * sent. With no context there is no model call; with no provider or no network the answer is the
 * ranked snippets, and `fallbackReason` says why. Earlier turns and the context share one budget,
 * `maxContextTokens`. Every query, failed ones included, is logged at its start and its end (ids,
 * counts, timings only) and counted in the metrics; a cancelled one throws ProviderError `cancelled`.
 */
export async function ask(request: AskRequest, deps: AskDeps = {}): Promise<AnswerResult> {
  const started = performance.now();
  const queryId = randomUUID();
  const logger = deps.logger ?? nullLogger;
  let s = resolveSettings(deps.settings);
  const scrubber = createScrubber();
  const emit = request.onEvent ?? (() => undefined);
  const outcome: QueryOutcome = {
    queryId,
    queryHash: queryHash(request.question),
    provider: deps.provider?.id,
    model: deps.provider?.model,
    historyTokens: 0,
    retries: 0,
    status: 'success',
  };
  // The start record lets a query that never ends (a hung server, a killed process) be found by id.
  logger.info('query.start', {
    queryId,
    queryHash: outcome.queryHash,
    provider: outcome.provider ?? 'none',
    model: outcome.model ?? 'none',
    historyTurns: request.history?.length ?? 0,
    attached: request.attached?.length ?? 0,
    tools: deps.tools ? 1 : 0,
    maxContextTokens: s.maxContextTokens,
  });
  let rephrased: Rephrasing[] = [];
  const finish = (result: AnswerResult): AnswerResult => {
    recordOutcome({ ...outcome, status: result.status }, started, logger, deps.metrics);
    return rephrased.length ? { ...result, rephrasings: rephrased } : result;
  };
  let stage: keyof typeof STAGE_ERROR = 'mentions';
  let out: AnswerStream | undefined;
  try {
    let question = request.question;
    const attached = [...(request.attached ?? [])];
    const notes: string[] = [];
    let mentionFailed = false;
    let scope: SearchScope | undefined;
    if (deps.resolveMentions) {
      const m = await deps.resolveMentions(request.question, request.signal);
      scope = m.scope;
      question = m.question;
      attached.push(...m.attached);
      notes.push(...m.failureNotes);
      mentionFailed = (m.failed ?? 0) > 0;
      rephrased = m.rephrasings ?? [];
    }
    stage = 'context';
    emit({ type: 'progress', message: 'Searching the workspace…' });
    // A model in a small window (a local one) gets a prompt that fits it; tool rounds only where they fit too.
    let toolset = deps.tools;
    if (deps.provider) {
      const fitted = await fitBudgetToModel(s, deps.provider, Boolean(toolset), request.signal);
      s = fitted.settings;
      if (!fitted.tools) toolset = undefined;
      if (fitted.note && !deps.saidNotes?.has(fitted.note)) notes.push(fitted.note);
      if (fitted.note) deps.saidNotes?.add(fitted.note);
    }
    // History is paid for first, out of the same budget, so the whole prompt stays within maxContextTokens.
    const history = boundedHistory(request.history ?? [], scrubber, s);
    outcome.historyTokens = history.tokens;
    // The question is paid for too when it goes to a model: a 1 MB question is cut, not sent whole past the budget.
    // Without a model the question is not sent: nothing to scrub, count or cut for it.
    const asked = deps.provider ? boundedQuestion(question, scrubber, s) : { text: '' as ScrubbedText, tokens: 0 };
    if (asked.note) notes.push(asked.note);
    const budgeted = { ...s, maxContextTokens: s.maxContextTokens - history.tokens - asked.tokens };
    const remote = deps.remoteContext && !attached.length && !scope && !toolset && scrubber.chunksWithRedactions === 0
      ? await deps.remoteContext({ question, history: request.history, settings: budgeted, queryId })
      : undefined;
    const ctx = remote ?? await buildContext(
      {
        root: request.root,
        question,
        history: request.history,
        attached,
        overlay: request.overlay,
        settings: budgeted,
        scrubber,
        queryId,
        scope,
        signal: request.signal,
        onProgress: (message) => emit({ type: 'progress', message }),
      },
      { logger, index: deps.index },
    );
    outcome.ctx = ctx;
    // Lines the user picked that the budget left out are said, as a warning, not silently dropped.
    const cut = attachmentNotes(attached, ctx.chunks, s);
    notes.push(...cut);
    emit({ type: 'context', context: ctx });
    const answerStream = new AnswerStream(ctx.chunks, (segment) => emit({ type: 'segment', segment }));
    out = answerStream;
    // A blank line between notes: a note after the mentions list would otherwise read as part of its last item.
    if (notes.length) answerStream.notice(notes.join('\n\n'), mentionFailed || cut.length > 0);
    const snippets = (status: AnswerResult['status'], reason: string): AnswerResult => {
      answerStream.push(formatSnippetAnswer(ctx, reason));
      return finish(
        resultOf(answerStream, { queryId, context: ctx, fallbackReason: reason, status, provider: deps.provider?.id, model: deps.provider?.model }),
      );
    };
    if (ctx.chunks.length === 0) {
      answerStream.push(noContextAnswer(ctx));
      return finish(resultOf(answerStream, { queryId, context: ctx, status: 'no_context', provider: deps.provider?.id, model: deps.provider?.model }));
    }
    if (!deps.provider) return snippets('success', deps.unconfiguredReason ?? 'No model is configured.');
    stage = 'model';
    const provider = deps.provider;
    const messages = buildMessages(ctx, asked, history.messages, Boolean(toolset));
    emit({ type: 'progress', message: `Asking ${provider.model}…` });
    const toolChunks: ContextChunk[] = [];
    try {
      const usage: { promptTokens?: number; completionTokens?: number } = {};
      const retry = {
        ...deps.retry,
        onRetry: (r: RetryInfo) => {
          outcome.retries++;
          // Rate limits are what operators look for first (seed 001); the record has no text.
          logger.warn('llm.retry', { queryId, attempt: r.attempt, reason: r.reason, httpStatus: r.status ?? 0, waitMs: r.delayMs });
          emit({ type: 'retry', attempt: r.attempt, delayMs: r.delayMs, reason: r.reason });
        },
      };
      // The last reply is the answer: whether it stopped short decides the status.
      let incomplete: IncompleteReason | undefined;
      const reply = async (msgs: typeof messages, tools?: ToolSpec[], toolChoice?: 'none') => {
        const r = await streamReply(msgs, {
          provider,
          signal: request.signal,
          retry,
          usage,
          tools,
          toolChoice,
          holdCommands: Boolean(toolset),
          emit: (delta) => answerStream.push(delta),
        });
        incomplete = r.incomplete;
        return r;
      };
      let answer: string;
      let toolResults: ScrubbedText[] = [];
      if (toolset) {
        const loop = await runToolLoop({
          provider, messages, toolset, scrubber, signal: request.signal, complete: reply,
          onToolCall: (command) => emit({ type: 'progress', message: describeToolUse(command) }),
          // Lines a tool showed are as citable as the first context, and are listed with the sources.
          onLinesShown: (lines) => {
            answerStream.see(lines);
            toolChunks.push({ ...lines, text: lines.text as ScrubbedText, score: 0, tokens: countTokens(lines.text, s.encoding), origin: 'tool' });
          },
        });
        answer = loop.answer;
        toolResults = loop.toolResults;
        outcome.toolRounds = loop.rounds;
        if (loop.stoppedWithoutAnswer) answerStream.push(answer);
      } else answer = (await reply(messages)).text;
      outcome.completionTokens = usage.completionTokens;
      deps.onTurn?.({ queryId, question: scrubber.scrub(question).text, answer: scrubber.scrub(answer).text, toolResults });
      // A reply cut short says so after what did arrive, as part of the answer's segments.
      if (incomplete) {
        answerStream.flush();
        answerStream.push(incompleteNote(incomplete));
      }
      const context = toolChunks.length ? { ...ctx, chunks: [...ctx.chunks, ...toolChunks] } : ctx;
      return finish(
        resultOf(answerStream, { queryId, context, provider: provider.id, model: provider.model, usage, status: incomplete ? 'incomplete' : 'success' }),
      );
    } catch (err) {
      if (!(err instanceof ProviderError) || err.kind === 'cancelled' || request.signal?.aborted) throw err;
      // Whatever stopped the model, the user still gets the ranked snippets, and one notice saying why.
      outcome.errorKind = err.kind;
      answerStream.flush();
      // What the model had written stays on screen; the snippet answer follows it.
      if (answerStream.segments.some((seg) => seg.kind !== 'notice')) answerStream.push('\n\n');
      const modelError = { kind: err.kind, message: err.message, suggestion: err.suggestion, ...(err.keyMissing ? { keyMissing: true } : {}) };
      const offline = `${err.message} ${err.suggestion} Until it answers, Grounded gives the ranked snippets.`;
      if (err.kind === 'network') return { ...snippets('offline', offline), modelError };
      answerStream.notice(`The model did not answer: ${err.message} ${err.suggestion}`);
      answerStream.push(formatSnippetAnswer(ctx));
      const status = err.kind === 'rate_limited' ? 'rate_limited' : 'failure';
      return finish({
        ...resultOf(answerStream, {
          queryId,
          context: ctx,
          fallbackReason: `${err.message} ${err.suggestion}`,
          status,
          provider: provider.id,
          model: provider.model,
        }),
        modelError,
      });
    }
  } catch (err) {
    // What the model wrote before the failure is shown whole, the error after it.
    out?.flush();
    // An abort anywhere (mentions, indexing, the model) is the user stopping, whatever the thrower called it.
    const error = request.signal?.aborted ? cancelledError() : err;
    const errorKind = error instanceof ProviderError ? error.kind : STAGE_ERROR[stage];
    const status = errorKind === 'rate_limited' ? 'rate_limited' : errorKind === 'cancelled' ? 'cancelled' : 'failure';
    recordOutcome({ ...outcome, status, errorKind }, started, logger, deps.metrics);
    throw error;
  }
}
