import type { PathExplanation } from '../workspace/types';

/** A 0-based, end-exclusive position range in a document (line/character like LSP and VS Code). */
export interface TextRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

/** One symbol definition in a file. `range` covers the whole definition (what splice_patch replaces). */
export interface SymbolInfo {
  name: string;
  /** Lower-case kind: function, class, method, interface, variable, enum, type, ... */
  kind: string;
  range: TextRange;
  /** Enclosing symbol name, e.g. the class of a method. */
  container?: string;
}

export interface ReferenceLocation {
  path: string;
  line: number;
  text: string;
}

export interface DiagnosticInfo {
  path: string;
  line: number;
  severity: 'error' | 'warning' | 'info' | 'hint';
  code?: string;
  message: string;
}

/** A language feature the host cannot provide (e.g. diagnostics in the CLI). Its message is shown verbatim. */
export class HostUnavailableError extends Error {
  constructor(message: string, readonly suggestion: string) {
    super(message);
    this.name = 'HostUnavailableError';
  }
}

/**
 * What plans need from the editor or the file system. The CLI uses `createNodeWorkspaceHost`;
 * the VS Code side implements it with open documents (unsaved buffers win), document symbols,
 * reference and diagnostic providers and workspace trust. Paths are workspace-relative POSIX.
 */
export interface WorkspaceHost {
  /** Absolute workspace root. */
  readonly root: string;
  /** Current text (an unsaved editor buffer wins over the disk); undefined when the file does not exist. */
  readText(path: string): Promise<string | undefined>;
  /** 'file', 'directory', or undefined when nothing is there. */
  stat(path: string): Promise<'file' | 'directory' | undefined>;
  /** Files the assistant may read (ignore rules applied), workspace-relative, sorted. */
  listFiles(): Promise<string[]>;
  /** Symbol definitions of a file. Throws HostUnavailableError when the language has no provider. */
  documentSymbols(path: string): Promise<SymbolInfo[]>;
  /** References to a symbol name across the workspace. */
  references(name: string): Promise<ReferenceLocation[]>;
  /** Diagnostics for a file or folder ('.' = workspace). Throws HostUnavailableError when unavailable. */
  diagnostics(path: string): Promise<DiagnosticInfo[]>;
  /** Workspace trust: nothing is written in an untrusted workspace. */
  isTrusted(): boolean;
  /** Why a path is or is not visible to the assistant (the ignore rule that decided). */
  explain(path: string): Promise<PathExplanation>;
}
