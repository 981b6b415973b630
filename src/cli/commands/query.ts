import { randomUUID } from 'node:crypto';
import { plainSegment } from '../../engine/ask/citations';
import { defaultDatabasePath } from '../../engine/audit/store';
import { openWorkspaceSession } from '../../engine/session/workspace-session';
import type { AnswerResult, AskEvent, ConversationTurn } from '../../engine/ask/types';
import { loadConfigOrUsageError } from '../config';
import { resolveSettings } from '../../engine/config/settings';
import { countInTokenThread } from '../../engine/context/tokens';
import type { BuiltContext } from '../../engine/context/types';
import { createProvider } from '../../engine/llm/factory';
import { ProviderError } from '../../engine/llm/types';
import { MetricsRegistry } from '../../engine/metrics/registry';
import { saveMetrics } from '../../engine/metrics/store';
import { formatRedactionCounts } from '../../engine/privacy/scrubber';
import { createLogger, jsonLineSink, nullLogger } from '../../engine/telemetry/log';
import { parseCommandArgs, positiveInt, resolveRootOption } from '../args';
import { ExitCode } from '../exit-codes';
import { UsageError, type CliIO } from '../io';
import { runChat } from './query-chat';
import { connectResident } from '../../engine/resident/context-client';
import { RefusedCode } from '../../engine/resident/refused';
import { startServerForNext } from './auto-serve';
import { daemonDisabled } from '../daemon-env';

const HELP =
  'Usage: grounded query "QUESTION" [--root DIR] [--json] [--max-tokens N] [--max-file-tokens N] [--no-llm] ' +
  `[--no-tools] [--refresh-urls] [--no-daemon] [--verbose]
       grounded query --chat ["FIRST QUESTION"] [options]

Answers a question about the workspace from its code, citing path#Lstart-Lend; citations that do
not match the context sent are marked unverified. The model comes from .agent/etc/query.yaml
(llm_provider: openai | gemini | gh | URL of an OpenAI-compatible server; model; max_context_tokens;
max_file_tokens) and keys from OPENAI_API_KEY / GEMINI_API_KEY / GH_TOKEN or
.agent/secrets/<provider>_api_key. With no model configured, or when it cannot be reached, it prints
the best-ranked, scrubbed snippets with their citations, and says why. The model may ask for up to
3 read-only tool rounds per question; questions and answers are kept (scrubbed) in the workspace
memory, .agent/state/grounded.db, which /memory_search and grounded memory sql read.

Mentions: @path/file.ts, @file.ts#L10-20, @search:"text", @grep:"regex", @url:https://... or
just @https://... (checked against private and local addresses; see grounded check-url).

Chat mode (--chat): a conversation in the terminal. Each line you type (or pipe in) is a question;
follow-ups are sent with the earlier questions and answers, scrubbed like everything else and inside
the same --max-tokens budget (earlier turns take at most a quarter of it, the oldest dropped first).
A failed answer is reported and the session goes on. Type /exit (or /quit, or press Ctrl-D) to end.

Options:
  --chat                multi-turn session reading questions from standard input (see above)
  --root DIR            the workspace folder (default: the current folder)
  --json                print the machine-readable result (see README: "query --json")
  --max-tokens N        total context budget in tokens (default 8192)
  --max-file-tokens N   cap per file in tokens (default 4096)
  --no-llm              do not call a model: ranked snippets only
  --refresh-urls        fetch every @url again instead of using the 24-hour cache
                        (.agent/state/url-cache; a server's ETag still saves the download)
  --no-tools            the model answers from the context alone, without read-only tool rounds
                        (/search, /grep, /read, /symbols, /references, /memory_search, /memory_sql)
  --no-daemon           build the context in this process even when \`grounded serve\` runs for the folder,
                        and start none (also GROUNDED_NO_DAEMON=1). With one, a question without @mentions
                        or tools is built there, from its live index. In a folder of 5,000 files or more,
                        a question answered without one starts it in the background for the next
                        questions (said on stderr; it stops after 20 idle minutes)
  --verbose             structured log lines (ids, counts, timings; never text) on stderr
  -h, --help            show this help

Exit codes: 0 answered (also with snippets, or when nothing relevant was found), 2 usage or\nconfiguration error, 4 the model failed (bad key, rate limited after 5 attempts, ...).
`;

/** The documented `--json` shape (without a model): ids, terms, chunks best first, totals, redactions, skipped files. */
export function contextJson(ctx: BuiltContext) {
  return {
    queryId: ctx.queryId,
    terms: ctx.terms,
    chunks: ctx.chunks.map((c) => ({
      path: c.path,
      startLine: c.startLine,
      endLine: c.endLine,
      score: c.score,
      tokens: c.tokens,
      origin: c.origin,
      truncated: c.truncated ?? false,
    })),
    totals: {
      filesSearched: ctx.filesSearched,
      chunks: ctx.chunks.length,
      tokens: ctx.totalTokens,
      droppedChunks: ctx.droppedChunks,
      maxContextTokens: ctx.budget.maxContextTokens,
      maxFileTokens: ctx.budget.maxFileTokens,
      encoding: ctx.budget.encoding,
    },
    redactions: ctx.redactions,
    skipped: ctx.skipped,
    timings: ctx.timings,
  };
}

/** The one-line summary under a human-readable answer. */
export function summaryLine(ctx: BuiltContext): string {
  return (`— searched ${ctx.filesSearched} files; ${ctx.chunks.length} chunks, ${ctx.totalTokens} of ${ctx.budget.maxContextTokens} tokens; redacted: ` +
    `${formatRedactionCounts(ctx.redactions)}; query ${ctx.queryId}\n`);
}

function answerJson(r: AnswerResult) {
  return {
    ...contextJson(r.context),
    status: r.status,
    answer: r.answer,
    provider: r.provider ?? null,
    model: r.model ?? null,
    usage: r.usage ?? null,
    fallbackReason: r.fallbackReason ?? null,
    error: r.modelError ?? null,
    citations: r.citations.map((c) => ({
      path: c.path,
      startLine: c.startLine,
      endLine: c.endLine,
      verified: c.verified,
      ...(c.narrowedFrom ? { narrowedFrom: c.narrowedFrom } : {}),
    })),
  };
}

/** `grounded query "QUESTION"`: an answer from the configured model, or ranked snippets; JSON with --json. */
export async function run(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    root: { type: 'string' },
    json: { type: 'boolean' },
    'max-tokens': { type: 'string' },
    'max-file-tokens': { type: 'string' },
    verbose: { type: 'boolean' },
    'no-llm': { type: 'boolean' },
    'no-tools': { type: 'boolean' },
    'refresh-urls': { type: 'boolean' },
    'no-daemon': { type: 'boolean' },
    chat: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(HELP);
    return ExitCode.ok;
  }
  const question = positionals.join(' ').trim();
  if (!question && !values.chat) throw new UsageError('give a question, e.g. grounded query "how are API keys stored?" (or --chat for a conversation)');
  if (values.chat && values.json) throw new UsageError('--chat prints answers as text; leave out --json (one question at a time takes --json)');
  const root = await resolveRootOption(values.root, io.cwd);
  const flags = { maxContextTokens: positiveInt('max-tokens', values['max-tokens']), maxFileTokens: positiveInt('max-file-tokens', values['max-file-tokens']) };
  const config = await loadConfigOrUsageError(root, io.env);
  for (const w of config.warnings) io.stderr(`warning: ${w}\n`);
  const settings = { ...config.settings, ...Object.fromEntries(Object.entries(flags).filter(([, v]) => v !== undefined)) };
  const logger = values.verbose || io.env.GROUNDED_LOG ? createLogger(jsonLineSink(io.stderr)) : nullLogger;
  const provider = values['no-llm'] || !config.provider ? undefined : createProvider(config.provider);
  const unconfiguredReason = values['no-llm'] ? 'Model disabled with --no-llm.' : config.unconfiguredReason;
  // This run's queries only: saveMetrics adds them to the saved totals under a lock.
  const metrics = new MetricsRegistry();
  let streamed = false;
  const showError = (err: ProviderError) => io.stderr(`${streamed ? '\n' : ''}grounded query: ${err.message}\n${err.suggestion}\n`);
  // The engine's checked segments, printed as they come: unverified citations are already marked.
  const onEvent = (e: AskEvent) => {
    if (values.json) return;
    if (e.type === 'segment') { io.stdout(plainSegment(e.segment)); streamed = true; }
    if (e.type === 'retry') io.stderr(`(${e.reason}: retrying in ${Math.round(e.delayMs / 100) / 10} s, attempt ${e.attempt} of 5)\n`);
  };
  // A running `grounded serve` has the index live: a question then skips loading it, listing the files and the tokenizer.
  const noDaemon = values['no-daemon'] || daemonDisabled(io.env);
  const resident = noDaemon ? undefined : await connectResident(root);
  // Without a server this process counts the budget: the tokenizer is built in a worker thread
  // while this one loads the saved index, lists the files and ranks. Not from the TypeScript
  // sources (tests, a checkout without a build): the worker would compile them first, slower than counting here.
  if (!resident && !__filename.endsWith('.ts')) countInTokenThread(resolveSettings(settings).encoding);
  let staleNoted = false;
  const session = openWorkspaceSession({
    root,
    settings: () => settings,
    logger,
    metrics,
    database: { file: defaultDatabasePath(root) },
    mentions: { allowNetwork: () => true, refreshUrls: values['refresh-urls'] },
    // The saved index makes a question cheap: only files changed since it was saved are read again.
    savedIndex: true,
    onStoreNotice: (notice) => io.stderr(`warning: ${notice}\n`),
    remoteContext: resident && (async (req) => {
      try {
        return await resident.context(req);
      } catch (err) {
        // Refused (other settings, another build) or gone: this process builds the context, as without a server.
        const code = (err as { code?: number }).code ?? 0;
        logger.info('context.resident_unavailable', { queryId: req.queryId, code });
        // A server left running with old settings or an old build would be slow forever: said once per run.
        // VS Code's index server keeps VS Code's settings and build: nothing to restart there.
        const host = (err as { data?: { host?: string } }).data?.host;
        if ((code === RefusedCode.otherSettings || code === RefusedCode.otherProtocol) && !staleNoted && host !== 'VS Code') {
          staleNoted = true;
          const why = code === RefusedCode.otherSettings ? 'with other settings' : 'another version';
          io.stderr(`note: grounded serve for this folder runs ${why}; answering here. Restart it: grounded serve --stop, then grounded serve --detach\n`);
        }
        return undefined;
      }
    }),
  });
  // One conversation in the workspace memory for all the questions of a --chat session.
  const conversationId = randomUUID();
  const answerOne = async (q: string, history: ConversationTurn[]): Promise<AnswerResult> => {
    streamed = false;
    const r = await session.ask({
      question: q, history, conversationId, onEvent, provider, unconfiguredReason, tools: !values['no-tools'],
      onMemoryError: () => io.stderr('warning: this answer could not be kept in the workspace memory\n'),
    });
    if (values.json) io.stdout(`${JSON.stringify(answerJson(r), null, 2)}\n`);
    else {
      const unverified = r.citations.filter((c) => !c.verified).length;
      const model = r.provider ? `${r.provider}/${r.model}` : 'no model';
      io.stdout(
        `\n\n${summaryLine(r.context).replace('— ', `— ${model}; `)}${unverified ? `${unverified} citation(s) did not match the context sent and are marked unverified.\n` : ''}`,
      );
    }
    return r;
  };
  try {
    if (values.chat) return await runChat({ first: question || undefined, answer: answerOne, showError }, io);
    const r = await answerOne(question, []);
    if (!resident && !noDaemon) startServerForNext(root, r.context.filesSearched, io);
    // The snippets are printed either way; a model that failed (not merely unreachable) still exits 4, as scripts expect.
    if (r.modelError && r.modelError.kind !== 'network') {
      showError(new ProviderError(r.modelError.kind, r.modelError.message, r.modelError.suggestion));
      return ExitCode.runtime;
    }
    return ExitCode.ok;
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    showError(err);
    return ExitCode.runtime;
  } finally {
    resident?.close();
    session.dispose();
    await saveMetrics(root, metrics).catch(() => undefined);
  }
}
