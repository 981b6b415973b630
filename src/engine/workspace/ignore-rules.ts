import { promises as fs } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';

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
 * Rewrites one line of an ignore file that lives in `relDir` so that it matches root-relative paths
 * the way git applies it relative to its own folder: a pattern with an inner or leading slash is
 * anchored to that folder, one without matches at any depth below it.
 */
export function rebasePattern(line: string, relDir: string): string {
  if (!relDir) return line;
  let negated = '';
  let body = line;
  if (body.startsWith('!')) { negated = '!'; body = body.slice(1); }
  const trimmed = body.replace(/\/+$/, '');
  const anchored = trimmed.includes('/');
  if (body.startsWith('/')) body = body.slice(1);
  else if (!anchored && !body.startsWith('**/')) body = `**/${body}`;
  return `${negated}${relDir}/${body}`;
}

/** Parses an ignore file's text into rebased patterns marked with `source:line`. */
export function parseIgnoreText(text: string, source: string, relDir: string): MarkedPattern[] {
  const out: MarkedPattern[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (!raw.trim() || raw.startsWith('#')) return;
    out.push({ pattern: rebasePattern(raw, relDir), mark: `${source}:${i + 1}:${raw}` });
  });
  return out;
}

/** Reads `relDir/name` under `root` into marked patterns; a missing file yields none. */
export async function readIgnoreFile(root: string, relDir: string, name: string): Promise<MarkedPattern[]> {
  const source = relDir ? `${relDir}/${name}` : name;
  let text: string;
  try {
    text = await fs.readFile(path.join(root, ...source.split('/')), 'utf8');
  } catch {
    return [];
  }
  return parseIgnoreText(text, source, relDir);
}

function toRule(mark: string | undefined, negative: boolean, fallbackPattern: string): DecidingRule {
  const m = mark ? /^(.*?):(\d+):(.*)$/.exec(mark) : null;
  if (!m) return { source: '(settings)', line: 0, pattern: fallbackPattern, negated: negative };
  return { source: m[1], line: Number(m[2]), pattern: m[3], negated: negative };
}

/**
 * The ignore rules in force inside one folder: git's (info/exclude, then every .gitignore from the
 * root down, later ones winning) and Grounded's own (.agentignore files and extra patterns), which
 * can only hide more.
 */
export class RuleChain {
  private constructor(private readonly git: Ignore, private readonly agent: Ignore) {}

  /** The chain at the workspace root: `.git/info/exclude`, `.gitignore`, `.agentignore`, extra patterns. */
  static async atRoot(root: string, extraIgnore: string[] = []): Promise<RuleChain> {
    const git = ignore().add(await readIgnoreFile(root, '', '.git/info/exclude'))
      .add(await readIgnoreFile(root, '', '.gitignore'));
    const agent = ignore()
      .add(extraIgnore.map((p, i) => ({ pattern: p, mark: `(extra ignore setting):${i + 1}:${p}` })))
      .add(await readIgnoreFile(root, '', '.agentignore'));
    return new RuleChain(git, agent);
  }

  /** The chain inside `relDir`, adding that folder's own ignore files when it has any. */
  async child(root: string, relDir: string, names: Set<string>): Promise<RuleChain> {
    const hasGit = names.has('.gitignore');
    const hasAgent = names.has('.agentignore');
    if (!hasGit && !hasAgent) return this;
    const git = hasGit ? ignore().add(this.git).add(await readIgnoreFile(root, relDir, '.gitignore')) : this.git;
    const agent = hasAgent ? ignore().add(this.agent).add(await readIgnoreFile(root, relDir, '.agentignore')) : this.agent;
    return new RuleChain(git, agent);
  }

  /** Decides one root-relative path (`isDir` adds git's trailing slash for directory-only rules). */
  decide(rel: string, isDir: boolean): RuleDecision {
    const p = isDir ? `${rel}/` : rel;
    const g = this.git.test(p);
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
