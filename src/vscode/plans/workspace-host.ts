import * as vscode from 'vscode';
import path from 'node:path';
import { HostUnavailableError, type DiagnosticInfo, type ReferenceLocation, type SymbolInfo, type WorkspaceHost } from '../../engine/tools/host';
import { createNodeWorkspaceHost } from '../../engine/tools/node-host';
import { resolveInside } from '../../engine/tools/paths';
import { toWorkspaceRelative } from '../../engine/workspace/contain';
import type { DiscoveryOptions, DocumentOverlay } from '../../engine/workspace/types';

/** Open editors' text (unsaved edits included) keyed by absolute path: the dirty buffer wins. */
export function openDocumentOverlay(): DocumentOverlay {
  const fileDocs = () => vscode.workspace.textDocuments.filter((d) => d.uri.scheme === 'file' && !d.isClosed);
  return {
    get: (abs) => fileDocs().find((d) => d.uri.fsPath === abs)?.getText(),
    openPaths: () => fileDocs().map((d) => d.uri.fsPath),
  };
}

const severities: Record<number, DiagnosticInfo['severity']> = {
  [vscode.DiagnosticSeverity.Error]: 'error',
  [vscode.DiagnosticSeverity.Warning]: 'warning',
  [vscode.DiagnosticSeverity.Information]: 'info',
  [vscode.DiagnosticSeverity.Hint]: 'hint',
};

const toRange = (r: vscode.Range) => ({ start: { line: r.start.line, character: r.start.character }, end: { line: r.end.line, character: r.end.character } });
const kindName = (k: vscode.SymbolKind) => (vscode.SymbolKind[k] ?? 'symbol').toLowerCase();

/** Flattens VS Code's symbol tree (or flat SymbolInformation list) into definitions with full ranges. */
export function toSymbolInfos(symbols: ReadonlyArray<vscode.DocumentSymbol | vscode.SymbolInformation>): SymbolInfo[] {
  const out: SymbolInfo[] = [];
  const walk = (s: vscode.DocumentSymbol, container?: string) => {
    out.push({ name: s.name, kind: kindName(s.kind), range: toRange(s.range), container });
    for (const child of s.children ?? []) walk(child, s.name);
  };
  for (const s of symbols) {
    if ('location' in s) out.push({ name: s.name, kind: kindName(s.kind), range: toRange(s.location.range), container: s.containerName || undefined });
    else walk(s);
  }
  return out;
}

// A language extension registers its symbol provider when it activates, which opening the
// document triggers; until then the command answers undefined. Waiting for activation is not
// a retry of a plan step.
export async function symbolsWhenReady(uri: vscode.Uri, waitMs = 5000): Promise<Array<vscode.DocumentSymbol | vscode.SymbolInformation> | undefined> {
  const until = Date.now() + waitMs;
  for (;;) {
    const found = await vscode.commands.executeCommand<Array<vscode.DocumentSymbol | vscode.SymbolInformation> | undefined>(
      'vscode.executeDocumentSymbolProvider',
      uri,
    );
    if (found !== undefined || Date.now() > until) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
}

export interface VsCodeHostOptions {
  /** The folder and what its settings hide (the same rules as discovery and answers). */
  discovery: DiscoveryOptions;
  /** Overrides workspace trust (tests); defaults to vscode.workspace.isTrusted. */
  isTrusted?: () => boolean;
}

/**
 * WorkspaceHost backed by VS Code: text from open documents first, then the disk; symbols,
 * references and diagnostics from the language features; trust from the workspace. Listing
 * and ignore rules are the engine's discovery, so the editor and the CLI see the same files.
 */
export function createVsCodeWorkspaceHost(opts: VsCodeHostOptions): WorkspaceHost {
  const { discovery } = opts;
  const { root } = discovery;
  const base = createNodeWorkspaceHost({ root, overlay: openDocumentOverlay(), discovery });
  const uriOf = (rel: string) => vscode.Uri.file(resolveInside(root, rel));
  const relOf = (uri: vscode.Uri) => path.relative(root, uri.fsPath).split(path.sep).join('/');
  const inside = (uri: vscode.Uri) => uri.scheme === 'file' && toWorkspaceRelative(root, uri.fsPath) !== undefined;

  return {
    ...base,
    async documentSymbols(rel): Promise<SymbolInfo[]> {
      if ((await base.stat(rel)) !== 'file') throw new Error(`File '${rel}' does not exist`);
      const uri = uriOf(rel);
      await vscode.workspace.openTextDocument(uri);
      const symbols = await symbolsWhenReady(uri);
      if (symbols === undefined) {
        throw new HostUnavailableError(
          `Symbols for '${rel}' are unavailable: no document symbol provider for this language`,
          'Install or enable a language extension for this file type.',
        );
      }
      return toSymbolInfos(symbols);
    },
    async references(name): Promise<ReferenceLocation[]> {
      const found = (await vscode.commands.executeCommand<vscode.SymbolInformation[] | undefined>('vscode.executeWorkspaceSymbolProvider', name)) ?? [];
      const defs = found.filter((s) => s.name === name && inside(s.location.uri));
      if (defs.length === 0) return base.references(name);
      const out: ReferenceLocation[] = [];
      const seen = new Set<string>();
      for (const def of defs) {
        const refs =
          (await vscode.commands.executeCommand<vscode.Location[] | undefined>(
            'vscode.executeReferenceProvider',
            def.location.uri,
            def.location.range.start,
          )) ?? [];
        for (const ref of refs.filter((r) => inside(r.uri))) {
          const key = `${ref.uri.toString()}#${ref.range.start.line}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const doc = await vscode.workspace.openTextDocument(ref.uri);
          out.push({ path: relOf(ref.uri), line: ref.range.start.line + 1, text: doc.lineAt(ref.range.start.line).text.trim().slice(0, 200) });
        }
      }
      return out.sort((a, b) => a.path.localeCompare(b.path) || a.line - b.line);
    },
    async diagnostics(rel): Promise<DiagnosticInfo[]> {
      const prefix = rel === '.' ? '' : rel;
      const out: DiagnosticInfo[] = [];
      for (const [uri, diags] of vscode.languages.getDiagnostics()) {
        if (!inside(uri)) continue;
        const p = relOf(uri);
        if (prefix && p !== prefix && !p.startsWith(`${prefix}/`)) continue;
        for (const d of diags) {
          const code = typeof d.code === 'object' ? d.code.value : d.code;
          out.push({
            path: p,
            line: d.range.start.line + 1,
            severity: severities[d.severity] ?? 'info',
            code: code === undefined ? undefined : String(code),
            message: d.message,
          });
        }
      }
      return out.sort((a, b) => a.path.localeCompare(b.path) || a.line - b.line);
    },
    isTrusted: opts.isTrusted ?? (() => vscode.workspace.isTrusted),
  };
}
