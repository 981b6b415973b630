import ignore from 'ignore';
import { RE2JS } from 're2js';
import { proposeEdit, sha256, type ProposedEdit } from './edits';
import type { WorkspaceHost } from './host';
import { normalizeRelPath } from './paths';
import { spliceSymbol } from './splice';
import type { ToolName } from './tools';

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

async function fileSearch(host: WorkspaceHost, pattern: string, root?: string): Promise<ToolOutput> {
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern);
  } catch (err) {
    throw new Error(`file_search failed: invalid pattern: ${(err as Error).message}`);
  }
  const lines: string[] = [];
  const files = new Set<string>();
  for (const file of underRoot(await host.listFiles(), root, host.root)) {
    const text = await host.readText(file);
    if (text === undefined) continue;
    text.split('\n').forEach((line, i) => {
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
 * Symbols whose name contains `pattern` (case-insensitive; `*` lists all): in `path`, or in every
 * file whose text contains the pattern (only those files are asked for their symbols).
 */
async function symbolsInFiles(host: WorkspaceHost, pattern: string, path?: string): Promise<ToolOutput> {
  const filter = pattern === '*' ? '' : pattern.toLowerCase();
  let files: string[];
  if (path !== undefined) files = [normalizeRelPath(host.root, path)];
  else {
    files = [];
    for (const f of await host.listFiles()) if ((await host.readText(f))?.toLowerCase().includes(filter)) files.push(f);
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
      if (lines.length < maxMatches) lines.push(`${s.kind} ${s.container ? `${s.container}.` : ''}${s.name} ${file}#L${s.range.start.line + 1}-${s.range.end.line + 1}`);
    }
  }
  return { text: lines.join('\n') || 'No symbols', summary: { path: path ?? null, pattern, count } };
}

/** Runs a read-only tool. Errors are thrown with the message the user and the model see verbatim. */
export async function runReadOnlyTool(tool: ToolName, args: Record<string, unknown>, host: WorkspaceHost): Promise<ToolOutput> {
  switch (tool) {
    case 'file_read': {
      const path = normalizeRelPath(host.root, String(args.path));
      const text = await host.readText(path);
      if (text === undefined) throw new Error(`file_read failed: file '${path}' does not exist`);
      return { text, summary: { path, bytes: Buffer.byteLength(text), sha256: sha256(text) } };
    }
    case 'file_search':
      return fileSearch(host, String(args.pattern), args.root as string | undefined);
    case 'file_glob':
      return fileGlob(host, String(args.pattern), args.root as string | undefined);
    case 'symbols_in_file':
      return symbolsInFiles(host, String(args.pattern), args.path as string | undefined);
    case 'references_to_symbol_name':
    case 'references_from_file_to_symbol_name': {
      const file = args.file === undefined ? undefined : normalizeRelPath(host.root, String(args.file));
      const refs = (await host.references(String(args.name))).filter((r) => file === undefined || r.path === file);
      const text = refs.map((r) => `${r.path}#L${r.line}: ${r.text}`).join('\n');
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

/** Computes the edit a mutating step proposes, against the current text (unsaved buffers included). */
export async function proposeStepEdit(tool: ToolName, args: Record<string, unknown>, host: WorkspaceHost): Promise<ProposedEdit> {
  const path = normalizeRelPath(host.root, String(args.path ?? args.file));
  const current = await host.readText(path);
  switch (tool) {
    case 'file_create':
      if (current !== undefined) throw new Error(`file_create failed: file '${path}' already exists`);
      return proposeEdit(path, undefined, String(args.contents));
    case 'file_write':
      if (current === undefined) throw new Error(`file_write failed: file '${path}' does not exist`);
      return proposeEdit(path, current, String(args.contents));
    case 'splice_patch': {
      if (current === undefined) throw new Error(`splice_patch failed: file '${path}' does not exist`);
      const spliced = spliceSymbol(current, await host.documentSymbols(path), path, String(args.symbol), String(args.with), args.kind as string | undefined);
      return proposeEdit(path, current, spliced.text);
    }
    default:
      throw new Error(`Tool '${tool}' does not modify files`);
  }
}
