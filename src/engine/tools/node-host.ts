import { promises as fs } from 'node:fs';
import { discoverFiles } from '../workspace/discovery';
import { explainPath } from '../workspace/explain';
import { NotRegularFileError, readRegularFile } from '../workspace/read';
import { emptyOverlay, type DiscoveryOptions, type DocumentOverlay, type PathExplanation } from '../workspace/types';
import { HostUnavailableError, type ReferenceLocation, type SymbolInfo, type WorkspaceHost } from './host';
import { resolveInside } from './paths';
import { regexSymbols } from './regex-symbols';
import { tsExtensions, typeScriptSymbols } from './ts-symbols';
import { escapeRegExp } from '../text/escape-regexp';

export interface NodeHostOptions {
  root: string;
  /**
   * What the settings hide (extra ignore patterns, excluded folders, size limit): the default
   * `explain` and `listFiles` both use it, so the tools and plan validation see exactly the
   * files `grounded files` lists. Default: only the workspace's own ignore files.
   */
  discovery?: Omit<DiscoveryOptions, 'root'>;
  /** Why a path is or is not visible; defaults to explainPath with `discovery`. */
  explain?: (path: string) => Promise<PathExplanation>;
  /** Files the assistant may read, workspace-relative; defaults to discoverFiles with `discovery`. */
  listFiles?: () => Promise<string[]>;
  overlay?: DocumentOverlay;
  /** The CLI runs in trusted folders (the user pointed it there); tests can say otherwise. */
  trusted?: boolean;
  /** Cap on references returned. */
  maxReferences?: number;
}


/**
 * WorkspaceHost for the CLI and tests: text from disk (an overlay wins when given), symbols
 * through the TypeScript compiler for JS/TS and a conservative regex finder elsewhere,
 * references by whole-word text search, no diagnostics.
 */
export function createNodeWorkspaceHost(opts: NodeHostOptions): WorkspaceHost {
  const overlay = opts.overlay ?? emptyOverlay;
  const discovery: DiscoveryOptions = { ...opts.discovery, root: opts.root };
  const listFiles = opts.listFiles ?? (async () => (await discoverFiles(discovery)).files.map((f) => f.path));
  const explain = opts.explain ?? ((rel: string) => explainPath(discovery, rel));
  const readText = async (rel: string) => {
    const abs = resolveInside(opts.root, rel);
    const open = overlay.get(abs);
    if (open !== undefined) return open;
    try {
      // Only regular files are opened: a FIFO would block the read forever.
      return (await readRegularFile(abs)).toString('utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
      if (err instanceof NotRegularFileError) throw new Error(`'${rel}' is not a regular file (a FIFO, socket or device); Grounded reads regular files only`);
      throw err;
    }
  };
  return {
    root: opts.root,
    readText,
    async stat(rel) {
      const abs = resolveInside(opts.root, rel);
      if (overlay.get(abs) !== undefined) return 'file';
      try {
        const st = await fs.stat(abs);
        return st.isDirectory() ? 'directory' : st.isFile() ? 'file' : undefined;
      } catch {
        return undefined;
      }
    },
    listFiles,
    async documentSymbols(rel): Promise<SymbolInfo[]> {
      const text = await readText(rel);
      if (text === undefined) throw new Error(`File '${rel}' does not exist`);
      const ext = /\.[^./]+$/.exec(rel)?.[0].toLowerCase() ?? '';
      if (tsExtensions.includes(ext)) return typeScriptSymbols(rel, text);
      const found = regexSymbols(rel, text);
      if (found) return found;
      throw new HostUnavailableError(
        `Symbols for '${rel}' are unavailable in the CLI: no symbol finder for '${ext || 'files without an extension'}'`,
        'Run the plan from VS Code, where the language extension provides document symbols.',
      );
    },
    async references(name): Promise<ReferenceLocation[]> {
      const word = new RegExp(`(?<![\\w$])${escapeRegExp(name)}(?![\\w$])`);
      const out: ReferenceLocation[] = [];
      const cap = opts.maxReferences ?? 200;
      for (const file of await listFiles()) {
        const text = await readText(file);
        if (text === undefined) continue;
        const lines = text.split('\n');
        for (let i = 0; i < lines.length && out.length < cap; i++) {
          if (word.test(lines[i])) out.push({ path: file, line: i + 1, text: lines[i].trim().slice(0, 200) });
        }
        if (out.length >= cap) break;
      }
      return out;
    },
    async diagnostics() {
      throw new HostUnavailableError(
        'Diagnostics are unavailable in the CLI: they come from the language features of VS Code',
        'Run lsp_check from the Grounded panel in VS Code.',
      );
    },
    isTrusted: () => opts.trusted ?? true,
    explain,
  };
}
