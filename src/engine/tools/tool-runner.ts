import { createHash } from 'node:crypto';
import ignore from 'ignore';
import { RE2JS } from 're2js';
import type { WorkspaceHost } from './host';
import { normalizeRelPath } from './paths';
import type { ToolName } from './catalog';
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

async function fileSearch(host: WorkspaceHost, pattern: string, scrubber: Scrubber, root?: string): Promise<ToolOutput> {
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern);
  } catch (err) {
    throw new Error(`file_search failed: invalid pattern: ${(err as Error).message}`);
  }
  const lines: string[] = [];
  const files = new Set<string>();
  for (const file of underRoot(await host.listFiles(), root, host.root)) {
    // Matched against the scrubbed lines: a pattern cannot probe a redacted value character by character.
    const scrubbed = await scrubbedFile(host, file, scrubber);
    if (scrubbed === undefined) continue;
    scrubbed.forEach((line, i) => {
      if (lines.length < maxMatches && re.matcher(line).find()) {
        lines.push(`${file}:${i + 1}: ${line.trim().slice(0, 200)}`);
        files.add(file);
      }
    });
    if (lines.length >= maxMatches) break;
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
      return fileSearch(host, String(args.pattern), scrubber, args.root as string | undefined);
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
