import { definedName, goMethod } from './chunks';
import type { ChunkTexts } from './chunk-texts';
import type { IndexStats } from './index-data';
import { identifierToken, splitIdentifier, type SearchTerm } from './terms';

/** How far above the best other chunk a member's definition is put. */
const MEMBER_LEAD = 1.2;
/** Chunks defining a member read at most, per dotted name: a name defined everywhere (`get`) says little. */
const MAX_CANDIDATES = 200;

const sameName = (a: string, b: string) => splitIdentifier(a).join('') === splitIdentifier(b).join('');
const indentOf = (line: string) => line.length - line.trimStart().length;

/**
 * Whether line `at` of `lines` defines `member` inside a definition of `owner`: the nearest line
 * above it with less indentation that starts a definition is the owner's (`class Session(...)`
 * around `    def send(...)`, `export class Session {` around `  send(request) {`), or a Go
 * method's receiver is (`func (s *Session) Send(`).
 */
function definedInside(lines: string[], at: number, owner: string): boolean {
  // Go names the owner in the method's own line: its receiver's type, or the variable code calls it by (`c.Redirect`).
  const go = goMethod(lines[at]);
  if (go) return sameName(go.type, owner) || (go.receiver !== undefined && go.receiver === owner);
  const indent = indentOf(lines[at]);
  if (indent === 0) return false;
  for (let i = at - 1; i >= 0; i--) {
    const line = lines[i];
    if (line.trim() === '' || indentOf(line) >= indent) continue;
    const name = definedName(line);
    if (name) return sameName(name, owner);
  }
  return false;
}

/** Whether a folder or the file of `rel` is the module `owner` names (`middleware::from_fn` in middleware/from_fn.rs, `helpers.url_for` in helpers.py). */
function moduleIs(rel: string, owner: string): boolean {
  return rel.split('/').some((segment) => sameName(segment.replace(/\.[^.]*$/, ''), owner));
}

/**
 * Chunks that define a member the question names with its owner (`Session.send`, `Flask.route`),
 * read to see that the definition sits inside the owner's. Ranking alone puts the class first: its
 * chunk says `Session` and often `send`, while the method's chunk seldom names its class
 * (requests: `def send` of `class Session` was not in the top 8 for "what does Session.send do?").
 */
export async function findMembers(texts: ChunkTexts, terms: readonly SearchTerm[]): Promise<Set<number>> {
  const { stats } = texts;
  const found = new Set<number>();
  for (const t of terms) {
    const m = t.kind === 'member' ? /^([a-z_$][\w$]*)\.([a-z_$][\w$]*)$/.exec(t.text) : null;
    if (!m || sameName(m[1], m[2])) continue;
    const [owner, member] = [m[1], m[2]];
    // Only files that name the owner somewhere, when the index holds its name (not a one-letter `c`):
    // the owner's chunks by id, a candidate's file by its range of ids, no row built per posting.
    const ownerChunks = new Set<number>();
    stats.forEachPosting(identifierToken(owner), (id) => ownerChunks.add(id));
    const inOwnerFile = (rel: string) => {
      const range = stats.fileChunks(rel);
      if (!range) return false;
      for (let id = range.first; id < range.first + range.count; id++) if (ownerChunks.has(id)) return true;
      return false;
    };
    const candidates: number[] = [];
    stats.forEachPosting(identifierToken(member), (id, _tf, defines) => {
      if (defines && candidates.length < MAX_CANDIDATES && (ownerChunks.size === 0 || inOwnerFile(stats.chunk(id)!.path))) candidates.push(id);
    });
    for (const id of candidates) {
      const row = stats.chunk(id)!;
      const lines = await texts.lines(row.path);
      if (!lines) continue;
      for (let i = row.startLine - 1; i < Math.min(row.endLine, lines.length); i++) {
        const name = definedName(lines[i]);
        // The member as written (`from_fn` is not the struct `FromFn`); its owner by its words (`Session`, `session`).
        if (name && name.toLowerCase() === member && (definedInside(lines, i, owner) || (indentOf(lines[i]) === 0 && moduleIs(row.path, owner)))) {
          found.add(id);
          break;
        }
      }
    }
  }
  return found;
}

/** A ranked chunk, as rank.ts's RankedChunk (not imported: rank.ts imports this file). */
interface Ranked {
  path: string;
  startLine: number;
  endLine: number;
  score: number;
  matched: string[];
}

/**
 * Puts the member definitions first (`ranked[i]` is chunk `ids[i]`), in their own order; one not
 * ranked at all (its words scored nothing) is added. Returns the list to sort.
 */
export function leadWithMembers(stats: IndexStats, ranked: Ranked[], ids: number[], members: ReadonlySet<number>): Ranked[] {
  if (members.size === 0) return ranked;
  const best = ranked.reduce((m, r) => Math.max(m, r.score), 0) || 1;
  const seen = new Set<number>();
  ranked.forEach((r, i) => {
    if (!members.has(ids[i])) return;
    seen.add(ids[i]);
    r.score = best * MEMBER_LEAD + r.score * 0.01;
  });
  for (const id of members) {
    const row = seen.has(id) ? undefined : stats.chunk(id);
    if (row) ranked.push({ path: row.path, startLine: row.startLine, endLine: row.endLine, score: best * MEMBER_LEAD, matched: [] });
  }
  return ranked;
}
