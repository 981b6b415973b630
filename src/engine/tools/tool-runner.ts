import { createHash } from 'node:crypto';
import ignore from 'ignore';
import type { WorkspaceHost } from './host';
import { normalizeRelPath } from './paths';
import type { ToolName } from './catalog';
import { GrepRun, SIMPLER_PATTERN } from '../mentions/grep-runner';
import { MentionError } from '../mentions/errors';
import { scrubbedFileLines } from '../privacy/file-view';
import { createScrubber } from '../privacy/scrubber';
import type { ScrubbedText, Scrubber } from '../privacy/types';

/** What a read-only tool returned: text for the model and user, a content-free summary for the audit log. */
export interface ToolOutput {
  text: string;
  summary: Record<string, unknown>;
  /** Diagnostics reported by lsp_check (recorded for evidence queries Q3, Q7, Q8). */
  diagnostics?: Array<{ path: string; line: number; severity: string; code?: string; message: string }>;
}

const maxMatches = 200;

/** Limits a caller may tighten (tests); production uses the defaults. */
export interface ToolLimits {
  /** How long a file_search pattern may run in all (default GREP_TIME_LIMIT_MS). */
  grepTimeoutMs?: number;
}

function underRoot(files: string[], root: string | undefined, hostRoot: string): string[] {
  const r = root === undefined ? '.' : normalizeRelPath(hostRoot, root);
  return r === '.' ? files : files.filter((f) => f.startsWith(`${r}/`));
}

/**
 * Refuses a path Grounded may not read (an ignore rule, a hidden folder, a link to one, a special
 * file), quoting the reason: every tool that names a file goes through here, not only /read.
 */
export async function requireReadable(host: WorkspaceHost, path: string, shown = path): Promise<void> {
  const ex = await host.explain(path);
  if (ex.visible || ex.reason === 'not-found') return;
  if (ex.reason === 'outside-workspace') throw new Error(`Path '${shown}' is outside the workspace`);
  const rule = ex.rule ? ` (ignored by ${ex.rule.source}:${ex.rule.line}: ${ex.rule.pattern})` : ex.reason ? ` (${ex.reason})` : '';
  throw new Error(`File '${path}' is not readable by Grounded${rule}`);
}

/** The lines of a file as a model may see them (scrubbed whole, see privacy/file-view), or undefined when it does not exist. */
export async function scrubbedFile(
  host: WorkspaceHost,
  path: string,
  scrubber: Scrubber,
  cache?: Map<string, ScrubbedText[] | undefined>,
): Promise<ScrubbedText[] | undefined> {
  if (cache?.has(path)) return cache.get(path);
  const text = await host.readText(path);
  const lines = text === undefined ? undefined : scrubbedFileLines(text, scrubber, 'keep');
  cache?.set(path, lines);
  return lines;
}

/** Scrubbed text handed to the pattern's thread at once: enough to amortise a message, small enough to stop soon after 200 matches. */
const SEARCH_BATCH_CHARS = 4 * 1024 * 1024;

/** A file_search failure in the tools' words: an invalid pattern with where, a pattern stopped at its time limit with what to do. */
function searchError(err: unknown): Error {
  if (!(err instanceof MentionError)) return new Error(`file_search failed: ${err instanceof Error ? err.message : String(err)}`);
  if (err.kind === 'timeout') return new Error(`file_search failed: ${err.message} ${SIMPLER_PATTERN}`);
  const where = err.message.replace(/^not a valid regular expression/, '');
  return new Error(`file_search failed: invalid pattern${where} RE2 syntax: no backreferences or lookaround.`);
}

async function fileSearch(host: WorkspaceHost, pattern: string, scrubber: Scrubber, root: string | undefined, limits: ToolLimits): Promise<ToolOutput> {
  let run: GrepRun;
  try {
    run = GrepRun.start(pattern, { timeoutMs: limits.grepTimeoutMs });
  } catch (err) {
    throw searchError(err);
  }
  const lines: string[] = [];
  const files = new Set<string>();
  try {
    const scrubbedLines = new Map<string, ScrubbedText[]>();
    const flush = async () => {
      // Matched against the scrubbed lines, in the pattern's own thread: a pattern cannot probe a
      // redacted value character by character, nor hold up the extension host.
      const items = [...scrubbedLines].map(([path, l]) => ({ path, text: l.join('\n') }));
      for (const hit of await run.scan(items, Infinity)) {
        const shown = scrubbedLines.get(hit.path)!;
        for (const i of hit.at) {
          if (lines.length >= maxMatches) break;
          lines.push(`${hit.path}:${i + 1}: ${shown[i].trim().slice(0, 200)}`);
          files.add(hit.path);
        }
      }
      scrubbedLines.clear();
    };
    let chars = 0;
    for (const file of underRoot(await host.listFiles(), root, host.root)) {
      const scrubbed = await scrubbedFile(host, file, scrubber);
      if (scrubbed === undefined) continue;
      scrubbedLines.set(file, scrubbed);
      chars += scrubbed.reduce((n, l) => n + l.length + 1, 0);
      if (chars >= SEARCH_BATCH_CHARS) { await flush(); chars = 0; }
      if (lines.length >= maxMatches) break;
    }
    await flush();
  } catch (err) {
    throw searchError(err);
  } finally {
    run.close();
  }
  return { text: lines.length ? lines.join('\n') : 'No matches', summary: { matches: lines.length, files: [...files], truncated: lines.length >= maxMatches } };
}

async function fileGlob(host: WorkspaceHost, pattern: string, root?: string): Promise<ToolOutput> {
  const matcher = ignore().add(pattern);
  const r = root === undefined ? '.' : normalizeRelPath(host.root, root);
  const files = underRoot(await host.listFiles(), root, host.root).filter((f) => matcher.ignores(r === '.' ? f : f.slice(r.length + 1)));
  return { text: files.length ? files.join('\n') : 'No files match', summary: { count: files.length, files: files.slice(0, maxMatches) } };
}

/**
/**
 * Symbols whose name contains `pattern` (case-insensitive; `*` lists all): in `path`, or in every
 * readable file whose scrubbed text contains the pattern (only those files are asked for their
 * symbols; matching the scrubbed text means a pattern cannot probe a redacted value).
 */
async function symbolsInFiles(host: WorkspaceHost, pattern: string, scrubber: Scrubber, path?: string): Promise<ToolOutput> {
  const filter = pattern === '*' ? '' : pattern.toLowerCase();
  let files: string[];
  if (path !== undefined) files = [normalizeRelPath(host.root, path)];
  else {
    files = [];
    for (const f of await host.listFiles()) {
      const readable = await requireReadable(host, f).then(() => true, () => false);
      if (readable && (await scrubbedFile(host, f, scrubber))?.some((l) => l.toLowerCase().includes(filter))) files.push(f);
    }
  }
  const lines: string[] = [];
  let count = 0;
  for (const file of files) {
    let symbols;
    try {
      symbols = await host.documentSymbols(file);
    } catch (err) {
      // Across the workspace a file without a symbol provider is skipped; for one named file it is the answer.
      if (path !== undefined) throw err;
      continue;
    }
    for (const s of symbols.filter((x) => x.name.toLowerCase().includes(filter))) {
      count++;
      if (lines.length < maxMatches)
        lines.push(`${s.kind} ${s.container ? `${s.container}.` : ''}${s.name} ${file}#L${s.range.start.line + 1}-${s.range.end.line + 1}`);
    }
  }
  return { text: lines.join('\n') || 'No symbols', summary: { path: path ?? null, pattern, count } };
}

/**
 * Runs a read-only tool. Errors are thrown with the message the user and the model see verbatim.
 * File text in the output is scrubbed as a whole file first (privacy/file-view), with `scrubber`
 * (the query's, so placeholders agree with the rest of what the model saw).
 */
export async function runReadOnlyTool(
  tool: ToolName,
  args: Record<string, unknown>,
  host: WorkspaceHost,
  scrubber: Scrubber = createScrubber(),
  limits: ToolLimits = {},
): Promise<ToolOutput> {
  // Every file a tool names is checked (symbols_in_file's path is optional; the reference tool's is `file`).
  const given =
    tool === 'file_read' || tool === 'symbols_in_file' || tool === 'lsp_check'
      ? args.path
      : tool === 'references_from_file_to_symbol_name'
        ? args.file
        : undefined;
  const named = given === undefined ? undefined : normalizeRelPath(host.root, String(given));
  if (named !== undefined && named !== '.') await requireReadable(host, named, String(given));
  switch (tool) {
    case 'file_read': {
      const path = named as string;
      const text = await host.readText(path);
      if (text === undefined) throw new Error(`file_read failed: file '${path}' does not exist`);
      // The whole text, byte for byte apart from the redactions (privacy/file-view's rule: scrubbed whole).
      return {
        text: scrubber.scrub(text).text,
        summary: { path, bytes: Buffer.byteLength(text), sha256: createHash('sha256').update(text, 'utf8').digest('hex') },
      };
    }
    case 'file_search':
      return fileSearch(host, String(args.pattern), scrubber, args.root as string | undefined, limits);
    case 'file_glob':
      return fileGlob(host, String(args.pattern), args.root as string | undefined);
    case 'symbols_in_file':
      return symbolsInFiles(host, String(args.pattern ?? '*'), scrubber, named);
    case 'references_to_symbol_name':
    case 'references_from_file_to_symbol_name': {
      const refs = (await host.references(String(args.name))).filter((r) => tool === 'references_to_symbol_name' || r.path === named);
      const files = new Map<string, ScrubbedText[] | undefined>();
      const lines: string[] = [];
      for (const r of refs) {
        // The line as the whole file's scrub sees it; a reference outside the readable files is not shown.
        const scrubbed = await requireReadable(host, r.path)
          .then(() => scrubbedFile(host, r.path, scrubber, files))
          .catch(() => undefined);
        const line = scrubbed?.[r.line - 1];
        if (line !== undefined) lines.push(`${r.path}#L${r.line}: ${line.trim().slice(0, 200)}`);
      }
      const text = lines.join('\n');
      return { text: text || 'No references', summary: { count: refs.length, files: [...new Set(refs.map((r) => r.path))] } };
    }
    case 'lsp_check': {
      const path = normalizeRelPath(host.root, String(args.path));
      const diags = await host.diagnostics(path);
      const text = diags.map((d) => `${d.path}#L${d.line}: ${d.severity}${d.code ? ` ${d.code}` : ''}: ${d.message}`).join('\n');
      return { text: text || 'No diagnostics', summary: { path, count: diags.length }, diagnostics: diags };
    }
    default:
      throw new Error(`Tool '${tool}' modifies files and cannot run as a read-only tool`);
  }
}
