import type { IndexStats } from './index-data';
import type { SearchTerm } from './terms';

// Questions about the project as a whole ("what does this project do?", "how do I install it?",
// "how do I run the tests?") name nothing in the code: their words are everywhere, and the chunks
// that repeat them most are scripts and test fixtures. A newcomer's answer is in the README (and
// for building, testing and contributing, CONTRIBUTING), so those come first for such questions.

/** Stemmed words such questions are made of (stop words already dropped). */
const OVERVIEW_WORDS = new Set([
  'project', 'repo', 'repositori', 'app', 'applicat', 'librari', 'tool', 'extens', 'codebas', 'install', 'setup', 'set', 'up', 'start',
  'contribut', 'overview', 'purpos', 'introduct', 'usag', 'build', 'run', 'test', 'develop', 'development', 'requir', 'prerequisit',
  'depend', 'dependenci', 'compil', 'deploy', 'configur', 'config', 'about', 'featur', 'local',
]);

/** Words that make an overview question one about building, testing or contributing (CONTRIBUTING answers those too). */
const WORKFLOW_WORDS = new Set(['build', 'run', 'test', 'develop', 'development', 'contribut', 'compil', 'setup', 'local']);

const README = /^readme(\.[a-z]+)?$/i;
const CONTRIBUTING = /^(\.github\/|docs\/)?contributing(\.[a-z]+)?$/i;

/** True when every word of the question is one of a question about the project as a whole. */
export function isOverviewQuestion(terms: SearchTerm[]): boolean {
  return terms.length > 0 && terms.every((t) => (t.kind === 'word' || t.kind === 'part') && OVERVIEW_WORDS.has(t.text));
}

/** A chunk to put first for an overview question: it scores `factor` times the best chunk ranked. */
export interface OverviewChunk {
  path: string;
  startLine: number;
  endLine: number;
  factor: number;
}

/**
 * For an overview question: the first chunk of the top-level README, above the best chunk ranked
 * so far, and for a question about building, testing or contributing, CONTRIBUTING's first chunk
 * right after it.
 */
export function overviewChunks(stats: IndexStats, terms: SearchTerm[]): OverviewChunk[] {
  const workflow = terms.some((t) => WORKFLOW_WORDS.has(t.text));
  const out: OverviewChunk[] = [];
  for (const rel of stats.paths()) {
    const factor = README.test(rel) ? 1.2 : workflow && CONTRIBUTING.test(rel) ? 1.1 : 0;
    if (factor === 0) continue;
    const entry = stats.fileChunks(rel);
    const row = entry && entry.count > 0 ? stats.chunk(entry.first) : undefined;
    if (row) out.push({ path: rel, startLine: row.startLine, endLine: row.endLine, factor });
  }
  return out;
}
