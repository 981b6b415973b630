import { promises as fs } from 'node:fs';
import path from 'node:path';
import { defaultSettings } from '../config/settings';
import { realRelativeSync, toWorkspaceRelative } from './contain';
import { gitTrackedFiles, hasBinaryExtension, isAlwaysHidden, isTooDeep, MAX_FOLDER_DEPTH } from './hidden';
import { RuleChain, type DecidingRule } from './ignore-rules';
import { formatBytes, sniffIsBinary } from './read';
import type { DiscoveryOptions, PathExplanation } from './types';

export { toWorkspaceRelative } from './contain';

const IGNORE_FILES = new Set(['.gitignore', '.agentignore']);

/** `.gitignore:3: *.log` — the form every surface quotes a rule in. */
export function formatRule(rule: DecidingRule): string {
  return `${rule.source}:${rule.line}: ${rule.pattern}`;
}

async function isSymlink(abs: string): Promise<boolean> {
  return fs.lstat(abs).then((st) => st.isSymbolicLink(), () => false);
}

async function isDirectory(abs: string): Promise<boolean | undefined> {
  try {
    return (await fs.stat(abs)).isDirectory();
  } catch {
    return undefined;
  }
}

/**
 * What the path rules say about a root-relative path, whether or not it exists yet (a file a plan
 * would create is judged like one that exists): always hidden, an excluded folder, or an ignore
 * rule (a git-tracked file stays visible, as git lists it). Undefined when no rule hides it.
 */
async function ruleVerdict(opts: DiscoveryOptions, root: string, rel: string): Promise<PathExplanation | undefined> {
  if (isTooDeep(rel)) {
    return { path: rel, visible: false, reason: 'ignored', detail: `more than ${MAX_FOLDER_DEPTH} folders deep: such paths are never read` };
  }
  if (isAlwaysHidden(rel)) {
    return { path: rel, visible: false, reason: 'ignored', detail: 'always hidden: .git/, .agent/secrets/ and .agent/state/ are never read' };
  }
  const parts = rel.split('/');
  const isDir = (await isDirectory(path.join(root, ...parts))) ?? false;
  const excluded = new Set(opts.excludedFolders ?? defaultSettings.excludedFolders);
  const excludedPart = parts.find((p, i) => excluded.has(p) && (i < parts.length - 1 || isDir));
  if (excludedPart) {
    return { path: rel, visible: false, reason: 'excluded-folder', detail: `'${excludedPart}' is in the excluded folders setting` };
  }
  let chain = await RuleChain.atRoot(root, opts.extraIgnore ?? []);
  for (let i = 1; i <= parts.length; i++) {
    const sub = parts.slice(0, i).join('/');
    const subIsDir = i < parts.length || isDir;
    const decision = chain.decide(sub, subIsDir);
    if (decision.hidden && decision.rule) {
      const tracked = !subIsDir && opts.includeTracked !== false && !chain.decideAgentOnly(rel) && (await gitTrackedFiles(root)).includes(rel);
      if (!tracked) {
        const detail = sub === rel ? formatRule(decision.rule) : `its folder ${sub}/ is hidden by ${formatRule(decision.rule)}`;
        return { path: rel, visible: false, reason: 'ignored', rule: decision.rule, detail };
      }
    }
    if (subIsDir && i < parts.length) chain = await chain.child(root, sub, IGNORE_FILES);
  }
  return undefined;
}

async function contentVerdict(rel: string, abs: string, opts: DiscoveryOptions): Promise<PathExplanation> {
  let st;
  try {
    st = await fs.stat(abs);
  } catch {
    return { path: rel, visible: false, reason: 'not-found', detail: 'no such file in the workspace' };
  }
  if (st.isDirectory()) return { path: rel, visible: true, detail: 'folder' };
  // A FIFO would block the first read forever; sockets and devices are not text either.
  if (!st.isFile())
    return { path: rel, visible: false, reason: 'special-file', detail: 'not a regular file (a FIFO, socket or device): only regular files are read' };
  const max = opts.maxFileBytes ?? defaultSettings.maxFileBytes;
  if (hasBinaryExtension(rel)) return { path: rel, visible: false, reason: 'binary', detail: 'binary file type' };
  if (st.size > max) return { path: rel, visible: false, reason: 'too-large', detail: `${formatBytes(st.size)} > ${formatBytes(max)}` };
  if (await sniffIsBinary(abs)) return { path: rel, visible: false, reason: 'binary', detail: 'binary content (NUL byte or invalid UTF-8)' };
  return { path: rel, visible: true };
}

/**
 * The one visibility rule: says whether the assistant may read (or a plan may write) `given` and,
 * when not, why — the rule that hides it (file, line, pattern, as `git check-ignore -v` reports
 * it), or binary / too large / special file / excluded folder / outside the workspace / not found.
 * A path through a symbolic link is judged by where it leads as well as by its own name: a link
 * to a git-ignored `.env`, into `.agent/secrets` or to `.git` is hidden like its target, and a link
 * leading outside the workspace or to nothing is `symlink-outside`. A path that does not exist yet
 * is still judged by the rules (`not-found` only when none hides it), so plans cannot create files
 * where Grounded could not read them.
 */
export async function explainPath(opts: DiscoveryOptions, given: string): Promise<PathExplanation> {
  const root = path.resolve(opts.root);
  const rel = toWorkspaceRelative(root, given);
  if (rel === undefined) return { path: given, visible: false, reason: 'outside-workspace', detail: `outside ${root}` };
  if (rel === '') return { path: '.', visible: true, detail: 'the workspace root' };
  const byName = await ruleVerdict(opts, root, rel);
  if (byName) return byName;
  const abs = path.join(root, ...rel.split('/'));
  // The whole path is resolved, not only its last component: `linkdir/x.txt` with `linkdir`
  // linking elsewhere is judged by where it really is.
  const real = realRelativeSync(root, abs);
  if (real === undefined) {
    const broken = await fs.realpath(abs).then(() => false, async (err: NodeJS.ErrnoException) => err.code === 'ENOENT' && (await isSymlink(abs)));
    if (broken) return { path: rel, visible: false, reason: 'unreadable', detail: 'broken symbolic link (its target does not exist)' };
    return { path: rel, visible: false, reason: 'symlink-outside', detail: 'reached through a symbolic link that leads outside the workspace (or to nothing)' };
  }
  if (real !== rel) {
    if (real === '') return { path: rel, visible: false, reason: 'symlink-outside', detail: 'a symbolic link to the workspace root' };
    const byTarget = await ruleVerdict(opts, root, real);
    if (byTarget) return { ...byTarget, path: rel, detail: `a symbolic link to ${real}, which is hidden: ${byTarget.detail ?? byTarget.reason}` };
  }
  try {
    const verdict = await contentVerdict(rel, abs, opts);
    // The target's name decides a binary type too (`notes.txt -> photo.png`).
    if (verdict.visible && real !== rel && hasBinaryExtension(real))
      return { path: rel, visible: false, reason: 'binary', detail: `a symbolic link to ${real}, a binary file type` };
    return verdict;
  } catch (err) {
    return { path: rel, visible: false, reason: 'unreadable', detail: (err as NodeJS.ErrnoException).code };
  }
}
