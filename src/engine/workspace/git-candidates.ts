import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { findGitRepo } from './git-repo';
import { parseStagedDebug, withoutModified, type KnownStat } from './git-stat';
import { isAlwaysHidden } from './hidden';
import type { RuleChain } from './ignore-rules';

/** What git lists under a workspace root: files, and folders it does not look into (nested repositories, submodules). */
export interface GitCandidates {
  /** Root-relative POSIX paths git lists (tracked, or untracked and not ignored); some may be folders (submodules). */
  paths: string[];
  /** Untracked folders git shows as a whole (`nested/`: a repository of their own). */
  folders: string[];
  /** Size and mtime of tracked regular files git finds unchanged on disk: no lstat needed for these. */
  known: Map<string, KnownStat>;
}

function git(args: string[], cwd: string): Promise<{ ok: boolean; stdout: string }> {
  return new Promise((resolve) => {
    execFile('git', ['-C', cwd, ...args], { maxBuffer: 512 * 1024 * 1024, timeout: 60_000 }, (err, stdout) => resolve({ ok: !err, stdout }));
  });
}

/**
 * True when the rules above the root hide the root folder (a user opened `node_modules/x` or an
 * ignored `vendor/y`): git would list nothing there, while Grounded reads such a folder as a
 * stand-alone one, so the caller walks it instead.
 */
async function rootIsIgnored(root: string): Promise<boolean> {
  const repo = await findGitRepo(root);
  if (!repo) return false;
  const real = await fs.realpath(root).catch(() => root);
  const rel = path.relative(repo.top, real).split(path.sep).join('/');
  if (!rel || rel.startsWith('..')) return false;
  const parts = rel.split('/');
  // Each folder from the top down: an ignored ancestor hides the root too. Exit 0 means one is ignored.
  const dirs = parts.map((_, i) => `${parts.slice(0, i + 1).join('/')}/`);
  return (await git(['check-ignore', '--', ...dirs], repo.top)).ok;
}

/**
 * The candidate files of a workspace as git lists them (`git ls-files --cached --others
 * --exclude-standard -z`, run in the root, so a subfolder of a repository gets its own part),
 * which is far faster than walking the tree and applying every ignore file. Undefined when git is
 * missing, the root is not inside a work tree, or the root itself is ignored: the caller walks then.
 * Grounded's own rules (.agentignore, excluded folders, binaries, size) still apply on top.
 */
export async function gitCandidates(root: string): Promise<GitCandidates | undefined> {
  // Three listings at once (git's tracked entries with the stat it recorded, what changed since,
  // untracked files not ignored): together they are `ls-files --cached --others --exclude-standard`.
  // Each listing is parsed as soon as it arrives, while the slower walk for untracked files goes on.
  const [tracked, modified, others, ignored] = await Promise.all([
    git(['ls-files', '--cached', '--stage', '--debug', '-z'], root).then((r) => (r.ok ? parseStagedDebug(r.stdout) : undefined)),
    git(['ls-files', '--modified', '-z'], root),
    git(['ls-files', '--others', '--exclude-standard', '-z'], root),
    rootIsIgnored(root),
  ]);
  if (!tracked || !others.ok || ignored) return undefined;
  // Without the list of changed files nothing git recorded can be trusted.
  const known = modified.ok ? withoutModified(tracked.known, modified.stdout) : new Map<string, KnownStat>();
  const paths = new Set<string>();
  const folders: string[] = [];
  for (const entry of [...tracked.paths, ...others.stdout.split('\0')]) {
    if (!entry) continue;
    if (entry.endsWith('/')) folders.push(entry.slice(0, -1));
    // A file in conflict is listed once per stage; the set keeps one.
    else paths.add(entry);
  }
  return { paths: [...paths], folders, known };
}

/**
 * The chain of ignore rules in force inside `relDir` (every .gitignore and .agentignore from the
 * root down), for walking a folder git does not look into.
 */
export async function chainAt(root: string, rootChain: RuleChain, relDir: string): Promise<RuleChain> {
  const parts = relDir.split('/');
  let chain = rootChain;
  for (let i = 1; i <= parts.length; i++) chain = await chain.child(root, parts.slice(0, i).join('/'), BOTH_IGNORE_FILES);
  return chain;
}

const BOTH_IGNORE_FILES = new Set(['.gitignore', '.agentignore']);
const AGENT_IGNORE_FILE = new Set(['.agentignore']);

/**
 * Keeps the candidates Grounded's own rules allow: not `.git`/.agent state, not under an excluded
 * folder, not hidden by an `.agentignore` (read from the folders holding one) or the extra
 * patterns (`hasExtra`: there are some, so every path is tested).
 */
export async function grantedByAgent(
  root: string,
  rootChain: RuleChain,
  listed: GitCandidates,
  excluded: Set<string>,
  hasExtra: boolean,
): Promise<GitCandidates> {
  const all = [...listed.paths, ...listed.folders];
  const agentDirs = new Set(all.filter((p) => p === '.agentignore' || p.endsWith('/.agentignore')).map((p) => path.posix.dirname(p)));
  // Only .agentignore matters here: git already applied its own rules to this list. Chains are
  // built once per folder, parents first, so the filter below is synchronous.
  const chains = new Map<string, RuleChain>([['.', rootChain]]);
  const testAll = hasExtra || agentDirs.size > 0;
  if (testAll) {
    const dirs = [...new Set(all.map((p) => path.posix.dirname(p)))].sort();
    for (const dir of dirs) {
      const parts = dir === '.' ? [] : dir.split('/');
      for (let i = 1; i <= parts.length; i++) {
        const d = parts.slice(0, i).join('/');
        if (chains.has(d)) continue;
        const parent = chains.get(i === 1 ? '.' : parts.slice(0, i - 1).join('/'))!;
        chains.set(d, agentDirs.has(d) ? await parent.child(root, d, AGENT_IGNORE_FILE) : parent);
      }
    }
  }
  // Excluded names count for folders only: a file may be called `dist`, a folder listed whole may not.
  const keep = (rel: string, isFolder: boolean): boolean => {
    if (isAlwaysHidden(rel)) return false;
    const parts = rel.split('/');
    for (let i = 0; i < parts.length - (isFolder ? 0 : 1); i++) if (excluded.has(parts[i])) return false;
    return !testAll || !chains.get(path.posix.dirname(rel))!.decideAgentOnly(isFolder ? `${rel}/` : rel);
  };
  return { paths: listed.paths.filter((p) => keep(p, false)), folders: listed.folders.filter((p) => keep(p, true)), known: listed.known };
}
