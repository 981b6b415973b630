import { buildContext } from '../../engine/context/build';
import { formatSnippetAnswer } from '../../engine/context/render';
import type { BuiltContext } from '../../engine/context/types';
import { formatRedactionCounts } from '../../engine/privacy/scrubber';
import { createLogger, jsonLineSink, nullLogger } from '../../engine/telemetry/log';
import { parseCommandArgs, positiveInt, resolveRootOption } from '../args';
import { ExitCode } from '../exit-codes';
import { UsageError, type CliIO } from '../io';

const HELP = `Usage: grounded query "QUESTION" [--root DIR] [--json] [--max-tokens N] [--max-file-tokens N] [--verbose]

Answers a question about the workspace from its code. With no model configured it prints the
best-ranked, scrubbed snippets with their citations (path#Lstart-Lend).

Options:
  --root DIR            the workspace folder (default: the current folder)
  --json                print the machine-readable result (see README: "query --json")
  --max-tokens N        total context budget in tokens (default 8192)
  --max-file-tokens N   cap per file in tokens (default 4096)
  --verbose             structured log lines (ids, counts, timings; never text) on stderr
  -h, --help            show this help

Exit codes: 0 answered (also when nothing relevant was found), 2 usage error, 4 runtime error.
`;

/** The documented `--json` shape (without a model): ids, terms, chunks best first, totals, redactions, skipped files. */
export function contextJson(ctx: BuiltContext) {
  return {
    queryId: ctx.queryId,
    terms: ctx.terms,
    chunks: ctx.chunks.map((c) => ({ path: c.path, startLine: c.startLine, endLine: c.endLine, score: c.score, tokens: c.tokens, origin: c.origin, truncated: c.truncated ?? false })),
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
  return `— searched ${ctx.filesSearched} files; ${ctx.chunks.length} chunks, ${ctx.totalTokens} of ${ctx.budget.maxContextTokens} tokens; redacted: ${formatRedactionCounts(ctx.redactions)}; query ${ctx.queryId}\n`;
}

/** `grounded query "QUESTION"`: ranked, scrubbed snippets with citations (or JSON). */
export async function run(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, {
    root: { type: 'string' },
    json: { type: 'boolean' },
    'max-tokens': { type: 'string' },
    'max-file-tokens': { type: 'string' },
    verbose: { type: 'boolean' },
    'no-llm': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.stdout(HELP);
    return ExitCode.ok;
  }
  const question = positionals.join(' ').trim();
  if (!question) throw new UsageError('give a question, e.g. grounded query "how are API keys stored?"');
  const root = await resolveRootOption(values.root, io.cwd);
  const settings = { maxContextTokens: positiveInt('max-tokens', values['max-tokens']), maxFileTokens: positiveInt('max-file-tokens', values['max-file-tokens']) };
  const logger = values.verbose || io.env.GROUNDED_LOG ? createLogger(jsonLineSink(io.stderr)) : nullLogger;
  const ctx = await buildContext({ root, question, settings }, { logger });
  if (values.json) {
    io.stdout(`${JSON.stringify({ ...contextJson(ctx), status: ctx.chunks.length ? 'success' : 'no_context' }, null, 2)}\n`);
    return ExitCode.ok;
  }
  io.stdout(`${formatSnippetAnswer(ctx, 'No model is configured, so this answer is the ranked snippets themselves.')}\n\n${summaryLine(ctx)}`);
  return ExitCode.ok;
}
