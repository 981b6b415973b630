import { formatMemoryHits, searchMemory } from '../audit/memory';
import { formatResultTable, runReadOnlySql } from '../audit/readonly-sql';
import type { AuditStore } from '../audit/store';
import { parseReadTarget, type DetectedCommand } from './commands';
import type { WorkspaceHost } from './host';
import { normalizeRelPath } from './paths';
import { requireReadable, runReadOnlyTool, scrubbedFile } from './tool-runner';
import { numberedLines } from '../privacy/file-view';
import { createScrubber } from '../privacy/scrubber';
import type { Scrubber } from '../privacy/types';
import { escapeRegExp } from '../text/escape-regexp';

/** Lines of a file a tool showed the model (scrubbed as the whole file, like all tool output). */
export interface ShownLines {
  path: string;
  startLine: number;
  endLine: number;
  text: string;
}

export interface CommandResult {
  /** Upper-case tool name for the result header, e.g. `READ`. */
  name: string;
  content: string;
  ok: boolean;
  /** The file lines the content shows (a /read), which the answer may cite. */
  lines?: ShownLines;
}

/** What a handler returns: text, or text that shows lines of a file. */
type HandlerOutput = string | { text: string; lines: ShownLines };

export interface CommandToolsetOptions {
  host: WorkspaceHost;
  /** Memory store for /memory_search and /memory_sql (absent: those commands say so). */
  store?: AuditStore;
  /** Ranked retrieval for /search (the retrieval engine); absent: a whole-word grep of the terms. */
  search?: (query: string) => Promise<string>;
  /** Longest tool result handed to the model. */
  maxChars?: number;
  sqlTimeoutMs?: number;
}

export interface CommandToolset {
  /** Runs one command; file text in the result is scrubbed whole-file first with `scrubber` (the query's; default a fresh one). */
  run(command: Extract<DetectedCommand, { kind: 'command' }>, scrubber?: Scrubber): Promise<CommandResult>;
}


async function readCommand(host: WorkspaceHost, args: string, scrubber: Scrubber): Promise<HandlerOutput> {
  const target = parseReadTarget(args);
  if (!target) throw new Error(`Cannot read '${args}': expected path, path#L10 or path#L1-40`);
  const path = normalizeRelPath(host.root, target.path);
  await requireReadable(host, path, target.path);
  // The whole file is scrubbed before the range is cut and numbered (privacy/file-view).
  const lines = await scrubbedFile(host, path, scrubber);
  if (lines === undefined) throw new Error(`File '${path}' does not exist`);
  const start = target.startLine ?? 1;
  const end = Math.min(target.endLine ?? lines.length, lines.length);
  if (start > lines.length) throw new Error(`File '${path}' has ${lines.length} lines; line ${start} does not exist`);
  const shown = lines.slice(start - 1, end);
  return {
    text: [`${path}#L${start}-${end}`, ...numberedLines(shown, start)].join('\n'),
    lines: { path, startLine: start, endLine: end, text: shown.join('\n') },
  };
}

/** The lines still whole after the result was cut to `max` characters (the header line comes first). */
function cutLines(lines: ShownLines, cut: string): ShownLines | undefined {
  const whole = cut.split('\n').length - 2;
  if (whole <= 0) return undefined;
  const endLine = Math.min(lines.endLine, lines.startLine + whole - 1);
  return { ...lines, endLine, text: lines.text.split('\n').slice(0, endLine - lines.startLine + 1).join('\n') };
}

/** Runs read-only commands for the tool loop. Errors become the result text, verbatim. */
export function createCommandToolset(opts: CommandToolsetOptions): CommandToolset {
  const { host, store } = opts;
  const max = opts.maxChars ?? 8000;
  const handlers: Record<string, (args: string, body: string, scrubber: Scrubber) => Promise<HandlerOutput>> = {
    search: async (args, _body, scrubber) =>
      opts.search
        ? opts.search(args)
        : (
            await runReadOnlyTool(
              'file_search',
              {
                pattern: args
                  .split(/\s+/)
                  .filter(Boolean)
                  .map((t) => `\\b${escapeRegExp(t)}\\b`)
                  .join('|'),
              },
              host,
              scrubber,
            )
          ).text,
    grep: async (args, _body, scrubber) => (await runReadOnlyTool('file_search', { pattern: args }, host, scrubber)).text,
    read: (args, _body, scrubber) => readCommand(host, args, scrubber),
    symbols: async (args, _body, scrubber) => {
      const [path, pattern] = args.split(/\s+/, 2);
      return (await runReadOnlyTool('symbols_in_file', { path, pattern: pattern || '*' }, host, scrubber)).text;
    },
    references: async (args, _body, scrubber) => (await runReadOnlyTool('references_to_symbol_name', { name: args }, host, scrubber)).text,
    memory_search: async (args) => {
      if (!store) throw new Error('Memory is not available in this session');
      return formatMemoryHits(searchMemory(store, args));
    },
    memory_sql: async (_args, body) => {
      if (!store) throw new Error('Memory is not available in this session');
      // The model's SQL sees the conversation only; the audit log reaches it as evidence summaries.
      return formatResultTable(await runReadOnlySql(store, body, { timeoutMs: opts.sqlTimeoutMs, scope: 'conversation' }));
    },
  };
  return {
    async run(command, scrubber = createScrubber()) {
      const name = command.name.toUpperCase();
      try {
        const out = await handlers[command.name](command.args, command.body, scrubber);
        const { text, lines } = typeof out === 'string' ? { text: out, lines: undefined } : out;
        if (text.length <= max) return { name, ok: true, content: text, lines };
        const cut = text.slice(0, max);
        return { name, ok: true, content: `${cut}\n… (truncated at ${max} characters)`, lines: lines && cutLines(lines, cut) };
      } catch (err) {
        return { name, ok: false, content: `Error: ${(err as Error).message}` };
      }
    },
  };
}
