import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { WorkspaceHost } from '../tools/host';
import type { ToolName } from '../tools/catalog';
import { normalizeRelPath, resolveWriteTarget } from '../tools/paths';
import { spliceSymbol } from './splice';

/** SHA-256 hex of UTF-8 text. */
export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * A file change a mutating step wants to make, computed but not applied. The VS Code side shows
 * it as a diff; `before` pins the text the plan saw, so a file changed since is refused.
 */
export interface ProposedEdit {
  path: string;
  kind: 'create' | 'modify';
  /** Null for a new file. */
  before: { text: string; sha256: string } | null;
  after: { text: string; sha256: string };
}

/** Applies an accepted edit. Must refuse (throw StaleFileError) when the file no longer matches `before`. */
export type ApplyEdit = (edit: ProposedEdit) => Promise<void>;

/** The file changed (or appeared) on disk since the edit was proposed; nothing was written. */
export class StaleFileError extends Error {
  constructor(readonly relPath: string, detail: string) {
    super(`Refused to write '${relPath}': ${detail} since the plan was made; nothing was written`);
    this.name = 'StaleFileError';
  }
}

/** Builds a ProposedEdit from the current text (undefined = file does not exist) and the new text. */
export function proposeEdit(relPath: string, current: string | undefined, after: string): ProposedEdit {
  return {
    path: relPath,
    kind: current === undefined ? 'create' : 'modify',
    before: current === undefined ? null : { text: current, sha256: sha256(current) },
    after: { text: after, sha256: sha256(after) },
  };
}

/**
 * ApplyEdit for the CLI and tests: re-reads the file, compares its hash with `before`, and only
 * then writes (temp file + rename, so a reader never sees half a file). Creating refuses an
 * existing file.
 */
export function createFileApplyEdit(root: string): ApplyEdit {
  return async (edit) => {
    // Written where the path really leads: a link inside the workspace is kept and its target updated.
    const abs = resolveWriteTarget(root, edit.path);
    let current: string | undefined;
    try {
      current = await fs.readFile(abs, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    if (edit.before === null && current !== undefined) throw new StaleFileError(edit.path, 'the file was created on disk');
    if (edit.before !== null && current === undefined) throw new StaleFileError(edit.path, 'the file was deleted on disk');
    if (edit.before !== null && current !== undefined && sha256(current) !== edit.before.sha256)
      throw new StaleFileError(edit.path, 'the file changed on disk');
    await fs.mkdir(path.dirname(abs), { recursive: true });
    const tmp = `${abs}.grounded-${process.pid}.tmp`;
    await fs.writeFile(tmp, edit.after.text, 'utf8');
    await fs.rename(tmp, abs);
  };
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
