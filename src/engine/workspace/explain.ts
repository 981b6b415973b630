import { promises as fs } from 'node:fs';
import path from 'node:path';
import { defaultSettings } from '../config/settings';
import { isInsidePath, realPathInside } from './contain';
import { gitTrackedFiles, hasBinaryExtension, isAlwaysHidden } from './hidden';
import { RuleChain, type DecidingRule } from './ignore-rules';
import { formatBytes, looksBinary, SNIFF_BYTES } from './read';
import type { DiscoveryOptions, PathExplanation } from './types';

const IGNORE_FILES = new Set(['.gitignore', '.agentignore']);

/** Turns a user-given path (relative to the root, or absolute) into a root-relative POSIX path, or undefined when outside. */
export function toWorkspaceRelative(root: string, given: string): string | undefined {
  const abs = path.resolve(root, given);
  if (!isInsidePath(path.resolve(root), abs)) return undefined;
  return path.relative(root, abs).split(path.sep).join('/');
}

/** `.gitignore:3: *.log` — the form every surface quotes a rule in. */
export function formatRule(rule: DecidingRule): string {
  return `${rule.source}:${rule.line}: ${rule.pattern}`;
}

async function sniff(abs: string): Promise<boolean> {
  const fh = await fs.open(abs, 'r');
  try {
    const buf = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await fh.read(buf, 0, SNIFF_BYTES, 0);
    return looksBinary(buf.subarray(0, bytesRead), bytesRead < SNIFF_BYTES);
  } finally {
    await fh.close();
  }
}

async function contentVerdict(rel: string, abs: string, opts: DiscoveryOptions, root: string): Promise<PathExplanation> {
  // The whole path is resolved, not only its last component: `linkdir/x.txt` with `linkdir` linking
  // out of the workspace is as much an escape as a link on the file itself.
  if ((await realPathInside(root, abs)) === undefined) {
    return { path: rel, visible: false, reason: 'symlink-outside', detail: 'reached through a symbolic link that leads outside the workspace' };
  }
  const st = await fs.stat(abs);
  if (st.isDirectory()) return { path: rel, visible: true, detail: 'folder' };
  const max = opts.maxFileBytes ?? defaultSettings.maxFileBytes;
  if (hasBinaryExtension(rel)) return { path: rel, visible: false, reason: 'binary', detail: 'binary file type' };
  if (st.size > max) return { path: rel, visible: false, reason: 'too-large', detail: `${formatBytes(st.size)} > ${formatBytes(max)}` };
  if (await sniff(abs)) return { path: rel, visible: false, reason: 'binary', detail: 'binary content (NUL byte or invalid UTF-8)' };
  return { path: rel, visible: true };
}

/**
 * Says whether the assistant may read `given` and, when not, why: the rule that hides it (file,
 * line, pattern, as `git check-ignore -v` reports it), or binary / too large / excluded folder /
 * symlink leaving the workspace / not found / outside the workspace.
 */
export async function explainPath(opts: DiscoveryOptions, given: string): Promise<PathExplanation> {
  const root = path.resolve(opts.root);
  const rel = toWorkspaceRelative(root, given);
  if (rel === undefined) return { path: given, visible: false, reason: 'outside-workspace', detail: `outside ${root}` };
  if (rel === '') return { path: '.', visible: true, detail: 'the workspace root' };
  if (isAlwaysHidden(rel)) {
    return { path: rel, visible: false, reason: 'ignored', detail: 'always hidden: .git/, .agent/secrets/ and .agent/state/ are never read' };
  }
  const parts = rel.split('/');
  const excluded = new Set(opts.excludedFolders ?? defaultSettings.excludedFolders);
  const abs = path.join(root, ...parts);
  let isDir: boolean;
  try {
    isDir = (await fs.stat(abs)).isDirectory();
  } catch {
    return { path: rel, visible: false, reason: 'not-found', detail: 'no such file in the workspace' };
  }
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
  try {
    return await contentVerdict(rel, abs, opts, root);
  } catch (err) {
    return { path: rel, visible: false, reason: 'unreadable', detail: (err as NodeJS.ErrnoException).code };
  }
}
