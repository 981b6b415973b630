import path from 'node:path';
import { isInsidePath, realPathInsideSync } from '../workspace/contain';

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
  if (!isInsidePath(path.resolve(root), abs) || realPathInsideSync(root, abs) === undefined) throw new OutsideWorkspaceError(relPath);
  return abs;
}

/**
 * The real location to write `relPath` to: through links that stay inside the workspace, to
 * their target, so a write updates the file a link points at instead of replacing the link (the
 * caller has checked, with explainPath, that the target is visible). Throws OutsideWorkspaceError
 * when it leads outside or through a dangling link.
 */
export function resolveWriteTarget(root: string, relPath: string): string {
  resolveInside(root, relPath);
  const real = realPathInsideSync(root, path.resolve(root, relPath));
  if (real === undefined) throw new OutsideWorkspaceError(relPath);
  return real;
}

/** Workspace-relative POSIX form of a path the model wrote (`./src/a.ts` → `src/a.ts`, `.` stays `.`). */
export function normalizeRelPath(root: string, relPath: string): string {
  const rel = path.relative(root, path.resolve(root, relPath)).split(path.sep).join('/');
  return rel === '' ? '.' : rel;
}
