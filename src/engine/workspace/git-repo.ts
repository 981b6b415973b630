import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { realFolder } from './contain';

/** Where the git repository holding a folder lives: its work-tree top and its git directories. */
export interface GitRepo {
  /** The work tree's top folder (real path). */
  top: string;
  /** This work tree's git directory (`.git`, or the folder a `.git` file points at). */
  gitDir: string;
  /** The directory shared by all work trees (holds `info/exclude` and `config`); gitDir unless a linked worktree. */
  commonDir: string;
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** The git directory named by `dir/.git`: the folder itself, or the target of a `gitdir:` file (worktrees, submodules). */
async function gitDirAt(dir: string): Promise<string | undefined> {
  const dotGit = path.join(dir, '.git');
  const st = await fs.stat(dotGit).catch(() => undefined);
  if (!st) return undefined;
  if (st.isDirectory()) return dotGit;
  const m = /^gitdir:\s*(.+?)\s*$/m.exec((await readText(dotGit)) ?? '');
  return m ? path.resolve(dir, m[1]) : undefined;
}

/**
 * Finds the repository holding `folder` by walking up to the first `.git`, as git does, without
 * running git (it may not be installed). Undefined outside any repository.
 */
export async function findGitRepo(folder: string): Promise<GitRepo | undefined> {
  let dir = realFolder(folder);
  for (;;) {
    const gitDir = await gitDirAt(dir);
    if (gitDir) {
      const common = (await readText(path.join(gitDir, 'commondir')))?.trim();
      return { top: dir, gitDir, commonDir: common ? path.resolve(gitDir, common) : gitDir };
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** Unquotes a git config value: strips an unquoted `#`/`;` comment, the quotes, and `\\` escapes. */
function configValue(raw: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === '"') quoted = !quoted;
    else if (c === '\\' && i + 1 < raw.length) {
      const n = raw[++i];
      out += n === 'n' ? '\n' : n === 't' ? '\t' : n;
    } else if (!quoted && (c === '#' || c === ';')) break;
    else out += c;
  }
  return out.trim();
}

/**
 * The `[core]` settings of git config files, later files winning (system < global < repository).
 * Only the plain `[core]` section is read; `[include]` directives are not followed.
 */
async function readCoreConfig(files: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const file of files) {
    const text = await readText(file);
    if (text === undefined) continue;
    let inCore = false;
    for (const line of text.split(/\r?\n/)) {
      const section = /^\s*\[([^\]]*)\](.*)$/.exec(line);
      let rest = line;
      if (section) {
        inCore = section[1].trim().toLowerCase() === 'core';
        rest = section[2];
      }
      if (!inCore) continue;
      const kv = /^\s*([A-Za-z][\w-]*)\s*(?:=(.*))?$/.exec(rest);
      if (kv) out.set(kv[1].toLowerCase(), kv[2] === undefined ? 'true' : configValue(kv[2]));
    }
  }
  return out;
}

function expandHome(p: string): string {
  return p === '~' || p.startsWith('~/') ? path.join(os.homedir(), p.slice(1)) : p;
}

/** What git's ignore matching reads from the configuration. */
export interface GitIgnoreConfig {
  /** The global excludes file (`core.excludesFile`, default `$XDG_CONFIG_HOME/git/ignore`). */
  excludesFile: string;
  /** `core.ignorecase` (set by `git init` on case-insensitive file systems). */
  ignoreCase: boolean;
}

/** Reads `core.excludesFile` and `core.ignorecase` from the global and repository config of `repo`. */
export async function gitIgnoreConfig(repo: GitRepo): Promise<GitIgnoreConfig> {
  const xdg = process.env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  const core = await readCoreConfig([
    path.join(xdg, 'git', 'config'),
    path.join(os.homedir(), '.gitconfig'),
    path.join(repo.commonDir, 'config'),
  ]);
  const excludes = core.get('excludesfile');
  return {
    excludesFile: excludes ? path.resolve(repo.top, expandHome(excludes)) : path.join(xdg, 'git', 'ignore'),
    ignoreCase: /^(true|yes|on|1)$/i.test(core.get('ignorecase') ?? ''),
  };
}

/** The `.gitignore` of every folder from the work tree's top down to the folder's parent (none when the folder is the top). */
export function gitignoresAbove(repo: GitRepo, folder: string): string[] {
  const rel = path.relative(repo.top, realFolder(folder));
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return [];
  const parts = rel.split(path.sep);
  return parts.map((_, i) => path.join(repo.top, ...parts.slice(0, i), '.gitignore'));
}

/** Files by the folder holding them (a watcher watches a folder and keeps the events of these names). */
export function byFolder(files: Iterable<string>): Map<string, Set<string>> {
  const folders = new Map<string, Set<string>>();
  for (const file of files) {
    const dir = path.dirname(file);
    folders.set(dir, (folders.get(dir) ?? new Set()).add(path.basename(file)));
  }
  return folders;
}

/**
 * The files beyond the folder's own tree (or inside git's folder, which is never watched) whose
 * change changes what git lists in it: git's index (`git rm --cached`, `git add -f`), the global
 * excludes file, `info/exclude`, and the `.gitignore` of each folder above it in the repository.
 * Empty outside git. A watcher of the folder's files needs these too.
 */
export async function gitRuleFiles(folder: string): Promise<string[]> {
  const repo = await findGitRepo(folder);
  if (!repo) return [];
  const config = await gitIgnoreConfig(repo);
  return [path.join(repo.gitDir, 'index'), config.excludesFile, path.join(repo.commonDir, 'info', 'exclude'), ...gitignoresAbove(repo, folder)];
}
