import { lstatSync, realpathSync } from 'node:fs';
import path from 'node:path';

/**
 * The one containment rule for every reader and writer of workspace paths: a path is inside the
 * workspace when its *real* location (every symbolic link along it resolved, not only the last
 * component) lies under the real location of the root. A lexical check alone lets
 * `ws/linkdir/x.txt` with `ws/linkdir -> /tmp/outside` read outside; files reached through links
 * that stay inside the workspace remain allowed.
 */

/** True when `target` is `root` itself or below it (both absolute and in the same form). */
export function isInsidePath(root: string, target: string): boolean {
  return isInsideRelative(path.relative(root, target));
}

/**
 * True when a relative path (native or POSIX separators) stays inside its base: `..foo` and
 * `a/..b` are legal names inside; only a `..` segment at the start, or an absolute path, leaves.
 * Every "is this inside the workspace" check uses this or isInsidePath, never `startsWith('..')`.
 */
export function isInsideRelative(rel: string): boolean {
  return rel === '' || (rel !== '..' && !rel.startsWith('../') && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/** Turns a user-given path (relative to the root, or absolute) into a root-relative POSIX path ('' for the root), or undefined when outside. */
export function toWorkspaceRelative(root: string, given: string): string | undefined {
  const abs = path.resolve(root, given);
  if (!isInsidePath(path.resolve(root), abs)) return undefined;
  return path.relative(path.resolve(root), abs).split(path.sep).join('/');
}

/**
 * One spelling of a folder, whatever path leads to it: its real path (every symbolic link
 * resolved), or the resolved path when it cannot be resolved (gone, no permission).
 */
export function realFolder(folder: string): string {
  const abs = path.resolve(folder);
  try {
    return realpathSync.native(abs);
  } catch {
    return abs;
  }
}

const MISSING = new Set(['ENOENT', 'ENOTDIR']);

/**
 * Real path of `abs`; for a path that does not exist yet (a file a plan will create), the real path
 * of its deepest existing ancestor with the rest appended. Undefined when it cannot be trusted: a
 * dangling symbolic link (writing through it would create its target, wherever that is), a link
 * loop, or a permission error. Synchronous because plans' resolveInside is; one path costs a few
 * stat calls, so the async callers use it too rather than a second copy of the walk.
 */
function realOrPlanned(abs: string): string | undefined {
  const tail: string[] = [];
  let at = path.resolve(abs);
  for (;;) {
    try {
      return path.join(realpathSync(at), ...tail);
    } catch (err) {
      if (!MISSING.has((err as NodeJS.ErrnoException).code ?? '')) return undefined;
      try {
        lstatSync(at);
        return undefined; // exists, yet unresolvable: a dangling link
      } catch {
        // Truly missing: try the parent.
      }
      const parent = path.dirname(at);
      if (parent === at) return undefined;
      tail.unshift(path.basename(at));
      at = parent;
    }
  }
}

/** The real location of `abs` relative to the real root, POSIX ('' for the root), or undefined when outside or unresolvable. */
export function realRelativeSync(root: string, abs: string): string | undefined {
  const realRoot = realOrPlanned(root);
  const real = realOrPlanned(abs);
  if (realRoot === undefined || real === undefined || !isInsidePath(realRoot, real)) return undefined;
  return path.relative(realRoot, real).split(path.sep).join('/');
}

/** The real path of `abs` when it lies inside the real workspace `root`, else undefined. */
export function realPathInsideSync(root: string, abs: string): string | undefined {
  const realRoot = realOrPlanned(root);
  const real = realOrPlanned(abs);
  return realRoot !== undefined && real !== undefined && isInsidePath(realRoot, real) ? real : undefined;
}

/** realPathInsideSync for async callers (the mention loader, explainPath). */
export async function realPathInside(root: string, abs: string): Promise<string | undefined> {
  return realPathInsideSync(root, abs);
}
