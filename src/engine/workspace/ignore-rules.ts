import { promises as fs } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { isInsidePath, realFolder } from './contain';
import { findGitRepo, gitIgnoreConfig, gitignoresAbove } from './git-repo';

/** The rule that decided a path's visibility, as `git check-ignore -v` would quote it. */
export interface DecidingRule {
  source: string;
  line: number;
  pattern: string;
  negated: boolean;
}

export interface RuleDecision {
  hidden: boolean;
  rule?: DecidingRule;
}

interface MarkedPattern {
  pattern: string;
  mark: string;
}

/**
 * `text` without its trailing slashes, as `.replace(/\/+$/, '')` would: that regex tried every slash of an inner run
 * and read it to its end (a nested .gitignore of 4 MB, lines of 4,000 slashes between two letters: 10 s per listing).
 */
function trimEndSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 47) end--;
  return text.slice(0, end);
}

/**
 * Rewrites one line of an ignore file that lives in `relDir` so that it matches root-relative paths
 * the way git applies it relative to its own folder: a pattern with an inner or leading slash is
 * anchored to that folder, one without matches at any depth below it.
 */
export function rebasePattern(line: string, relDir: string): string {
  if (!relDir) return line;
  let negated = '';
  let body = line;
  if (body.startsWith('!')) { negated = '!'; body = body.slice(1); }
  const trimmed = trimEndSlashes(body);
  const anchored = trimmed.includes('/');
  if (body.startsWith('/')) body = body.slice(1);
  else if (!anchored && !body.startsWith('**/')) body = `**/${body}`;
  return `${negated}${relDir}/${body}`;
}

/**
 * The longest path a system gives a file (Linux's PATH_MAX, in bytes; macOS allows 1,024). A pattern that needs more
 * characters than this matches nothing, and the ignore library cannot even compile one of 16 K `*a` or 64 K letters
 * (V8 throws "Stack overflow" or "Regular expression too large" while matching, which stopped every listing).
 */
const MAX_PATH_CHARS = 4096;

/**
 * The fewest characters a path must have for an ignore-file line to match it: every character but `*` (a `[…]` class
 * or an escape is one), with git's unescaped trailing spaces and a leading `!` or `/` left out. One pass, no regex.
 */
function minMatchLength(line: string): number {
  let end = line.length;
  while (end > 0 && line[end - 1] === ' ' && line[end - 2] !== '\\') end--;
  let i = line.startsWith('!') ? 1 : 0;
  if (line[i] === '/') i++;
  let n = 0;
  // Once no `]` is left, every later `[` is a plain character: never searched for again (`[a` a million times is one pass).
  let closes = true;
  while (i < end) {
    const c = line[i];
    if (c === '\\') i += 2;
    else if (c === '[' && closes) {
      const close = line.indexOf(']', i + 2);
      closes = close >= 0;
      i = close < 0 || close >= end ? i + 1 : close + 1;
    } else i++;
    if (c !== '*') n++;
  }
  return n;
}

/** `**` a pattern may hold before it is simplified (tamePattern). */
const MAX_GLOBSTARS = 2;

/**
 * A pattern safe to match. The `ignore` library turns each `**` into a regular expression that
 * backtracks: six of them between `a` folders (the pattern `a/b` with `**` around each part),
 * against a path 60 folders deep, took minutes, so a repository's .gitignore or .agentignore
 * could hang every listing. Git's own matcher prunes such searches; this one keeps at most
 * MAX_GLOBSTARS. A pattern with more hides by its last part alone (anywhere below: it hides all
 * the original did, and more), and one that un-hides (`!…`) is dropped (it shows nothing the
 * original kept hidden): never less hidden than written. A line that needs a path longer than
 * MAX_PATH_CHARS matches nothing and is dropped (the library could not compile the longest ones).
 */
export function tamePattern(line: string): string | undefined {
  if (minMatchLength(line) > MAX_PATH_CHARS) return undefined;
  if ((line.match(/\*\*/g)?.length ?? 0) <= MAX_GLOBSTARS) return line;
  if (line.startsWith('!')) return undefined;
  const pieces = line.split('**').map((p) => trimEndSlashes(p.replace(/^\/+/, ''))).filter(Boolean);
  const last = pieces[pieces.length - 1];
  if (!last) return '**';
  const dirOnly = line.endsWith('/') ? '/' : '';
  return trimEndSlashes(line).endsWith('**') ? `**/${last}/**` : `**/${last}${dirOnly}`;
}

/** Parses an ignore file's text into rebased patterns marked with `source:line`. */
export function parseIgnoreText(text: string, source: string, relDir: string): MarkedPattern[] {
  const out: MarkedPattern[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (!raw.trim() || raw.startsWith('#')) return;
    const safe = tamePattern(raw);
    if (safe !== undefined) out.push({ pattern: rebasePattern(safe, relDir), mark: `${source}:${i + 1}:${raw}` });
  });
  return out;
}

/**
 * Reads `relDir/name` under `root` into marked patterns; a missing file yields none. `ruleDir` is
 * the folder the patterns apply to as git sees it (repository-relative when the root is a
 * subfolder of a repository).
 */
export async function readIgnoreFile(root: string, relDir: string, name: string, ruleDir = relDir): Promise<MarkedPattern[]> {
  const source = relDir ? `${relDir}/${name}` : name;
  const text = await readOptional(path.join(root, ...source.split('/')));
  return text === undefined ? [] : parseIgnoreText(text, source, ruleDir);
}

async function readOptional(file: string): Promise<string | undefined> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Joins POSIX path parts, skipping empty ones. */
function joinRel(...parts: string[]): string {
  return parts.filter(Boolean).join('/');
}

/** How the workspace sits in its repository, and the rules that come from outside the workspace. */
interface GitScope {
  /** The workspace root relative to the repository top ('' when it is the top or there is no repository). */
  prefix: string;
  ignoreCase: boolean;
  /** core.excludesFile, info/exclude and the .gitignore files of the folders above the root, lowest precedence first. */
  outer: MarkedPattern[];
}

/** Names a file outside the workspace for explanations: relative to the root when inside the repository (`../.gitignore`), else absolute. */
function outerSource(realRoot: string, top: string, file: string): string {
  const inRepo = isInsidePath(top, file);
  return inRepo ? path.relative(realRoot, file).split(path.sep).join('/') : file;
}

/**
 * Git applies more than the workspace's own files when the root is a subfolder of a repository:
 * every .gitignore from the repository top down to the root, `info/exclude` and core.excludesFile.
 * Patterns stay relative to the repository top; `decide` prefixes paths to match.
 *
 * One deliberate difference from git: when those rules hide the root folder itself (a user opened
 * `node_modules/some-lib` or an ignored `vendor/x`), git would show nothing at all; the folder was
 * chosen on purpose, so it is read as a stand-alone folder with only its own ignore files.
 */
async function gitScope(root: string): Promise<GitScope> {
  const repo = await findGitRepo(root);
  if (!repo) return { prefix: '', ignoreCase: false, outer: [] };
  const realRoot = realFolder(root);
  const prefix = path.relative(repo.top, realRoot).split(path.sep).join('/');
  const config = await gitIgnoreConfig(repo);
  const outer: MarkedPattern[] = [];
  const addFile = async (file: string, ruleDir: string) => {
    const text = await readOptional(file);
    if (text !== undefined) outer.push(...parseIgnoreText(text, outerSource(realRoot, repo.top, file), ruleDir));
  };
  await addFile(config.excludesFile, '');
  await addFile(path.join(repo.commonDir, 'info', 'exclude'), '');
  const parts = prefix ? prefix.split('/') : [];
  const above = gitignoresAbove(repo, root);
  for (let i = 0; i < above.length; i++) await addFile(above[i], parts.slice(0, i).join('/'));
  if (prefix && ignore({ ignorecase: config.ignoreCase }).add(outer).test(`${prefix}/`).ignored) {
    return { prefix: '', ignoreCase: config.ignoreCase, outer: [] };
  }
  return { prefix, ignoreCase: config.ignoreCase, outer };
}

/** An extra ignore pattern from the settings, tamed like a file's (none when it is dropped). */
export function tamedSetting(pattern: string, mark: string): MarkedPattern[] {
  const safe = tamePattern(pattern);
  return safe === undefined ? [] : [{ pattern: safe, mark }];
}

function toRule(mark: string | undefined, negative: boolean, fallbackPattern: string): DecidingRule {
  const m = mark ? /^(.*?):(\d+):(.*)$/.exec(mark) : null;
  if (!m) return { source: '(settings)', line: 0, pattern: fallbackPattern, negated: negative };
  return { source: m[1], line: Number(m[2]), pattern: m[3], negated: negative };
}

/**
 * The ignore rules in force inside one folder: git's (core.excludesFile, info/exclude, then every
 * .gitignore from the repository top down, later ones winning) and Grounded's own (.agentignore
 * files and extra patterns), which can only hide more. Matching is case-sensitive, as git's is,
 * unless the repository sets core.ignorecase.
 */
export class RuleChain {
  private constructor(private readonly git: Ignore, private readonly agent: Ignore, private readonly scope: GitScope) {}

  /** The chain at the workspace root: the rules from above it, its `.gitignore`, `.agentignore`, extra patterns. */
  static async atRoot(root: string, extraIgnore: string[] = []): Promise<RuleChain> {
    const scope = await gitScope(root);
    const options = { ignorecase: scope.ignoreCase };
    const git = ignore(options).add(scope.outer).add(await readIgnoreFile(root, '', '.gitignore', scope.prefix));
    const agent = ignore(options)
      .add(extraIgnore.flatMap((p, i) => tamedSetting(p, `(extra ignore setting):${i + 1}:${p}`)))
      .add(await readIgnoreFile(root, '', '.agentignore'));
    return new RuleChain(git, agent, scope);
  }

  /** The chain inside `relDir`, adding that folder's own ignore files when it has any. */
  async child(root: string, relDir: string, names: Set<string>): Promise<RuleChain> {
    const hasGit = names.has('.gitignore');
    const hasAgent = names.has('.agentignore');
    if (!hasGit && !hasAgent) return this;
    const options = { ignorecase: this.scope.ignoreCase };
    const gitRules = hasGit ? await readIgnoreFile(root, relDir, '.gitignore', joinRel(this.scope.prefix, relDir)) : [];
    const git = gitRules.length ? ignore(options).add(this.git).add(gitRules) : this.git;
    const agent = hasAgent ? ignore(options).add(this.agent).add(await readIgnoreFile(root, relDir, '.agentignore')) : this.agent;
    return new RuleChain(git, agent, this.scope);
  }

  /** Decides one root-relative path (`isDir` adds git's trailing slash for directory-only rules). */
  decide(rel: string, isDir: boolean): RuleDecision {
    const p = isDir ? `${rel}/` : rel;
    const g = this.git.test(joinRel(this.scope.prefix, p));
    if (g.ignored) return { hidden: true, rule: toRule(g.rule?.mark, false, g.rule?.pattern ?? '') };
    const a = this.agent.test(p);
    if (a.ignored) return { hidden: true, rule: toRule(a.rule?.mark, false, a.rule?.pattern ?? '') };
    return { hidden: false };
  }

  /** True when Grounded's own rules (.agentignore, extra patterns) hide the path, whatever git says. */
  decideAgentOnly(rel: string): boolean {
    return this.agent.test(rel).ignored;
  }
}
