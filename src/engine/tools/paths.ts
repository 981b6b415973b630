import path from 'node:path';
import { realPathInsideSync } from '../workspace/contain';

/** A path the plan named resolves outside the workspace root. The message is shown verbatim. */
export class OutsideWorkspaceError extends Error {
  constructor(readonly relPath: string) {
    super(`Path '${relPath}' is outside the workspace`);
    this.name = 'OutsideWorkspaceError';
  }
}

/**
 * Absolute path of a workspace-relative path; throws OutsideWorkspaceError when it escapes the root,
 * lexically (`..`, absolute paths) or through a symbolic link anywhere along it (the shared rule of
 * workspace/contain: reads and writes both go through here).
 */
export function resolveInside(root: string, relPath: string): string {
  const abs = path.resolve(root, relPath);
  const rel = path.relative(root, abs);
  if (rel.startsWith('..') || path.isAbsolute(rel)) throw new OutsideWorkspaceError(relPath);
  if (realPathInsideSync(root, abs) === undefined) throw new OutsideWorkspaceError(relPath);
  return abs;
}

/** Workspace-relative POSIX form of a path the model wrote (`./src/a.ts` → `src/a.ts`, `.` stays `.`). */
export function normalizeRelPath(root: string, relPath: string): string {
  const rel = path.relative(root, path.resolve(root, relPath)).split(path.sep).join('/');
  return rel === '' ? '.' : rel;
}
