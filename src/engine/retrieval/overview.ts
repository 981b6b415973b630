import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { IndexStats } from './index-data';
import { isHelperTerm, stem, type SearchTerm } from './terms';

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

/** The top-level README's file names looked for (the first found is the README). */
const README_NAMES = ['README.md', 'readme.md', 'Readme.md', 'README.rst', 'README.txt', 'README', 'README.markdown'];

/** True when the first chunk of the top-level README holds `token`: a project's README names the project at its top. */
function readmeOpensWith(stats: IndexStats, token: string): boolean {
  const entry = README_NAMES.map((n) => stats.fileChunks(n)).find((e) => e && e.count > 0);
  if (!entry) return false;
  let found = false;
  stats.forEachPosting(token, (id) => {
    if (id === entry.first) found = true;
  });
  return found;
}

/**
 * True when every word of the question is one of a question about the project as a whole, or the
 * project's own name ("what is babel?", "how do I install flask?"): one of `project` that the
 * README names in its first lines, so that a folder called `server` does not make "how does the
 * server start?" a question about the project.
 */
export function isOverviewQuestion(terms: SearchTerm[], stats: IndexStats, project: ReadonlySet<string> = new Set()): boolean {
  // Pairs of the question's words (`install flask` → installflask) say nothing more than the words.
  const words = terms.filter((t) => !isHelperTerm(t));
  if (words.length === 0 || !words.every((t) => t.kind === 'word' || t.kind === 'part')) return false;
  const others = words.filter((t) => !OVERVIEW_WORDS.has(t.text));
  return others.every((t) => project.has(t.text) && readmeOpensWith(stats, t.text));
}

/**
 * The terms of a question about something in the project ("how does nginx parse the configuration file?") that are the
 * project's own name: a plain word the README opens with. The name is the subject every file shares; as a path term it
 * raised the files named for the project (`Result+Alamofire.swift`, `src/core/nginx.c`) or every file of a folder of that
 * name (tokio's `tokio/`) over the one the question is about.
 * In the text it still scores: where it is also a word of the code ("cookies stored between requests" on requests),
 * dropping it there lost the answer.
 */
export function projectNameTerms(terms: SearchTerm[], stats: IndexStats, project: ReadonlySet<string>): Set<SearchTerm> {
  return new Set(terms.filter((t) => t.kind === 'word' && project.has(t.text) && readmeOpensWith(stats, t.text)));
}

/** The `name` a manifest at the top of the folder gives the project (package.json, pyproject.toml, Cargo.toml), if any. */
function manifestName(root: string): string | undefined {
  const read = (file: string) => {
    try {
      return readFileSync(path.join(root, file), 'utf8').slice(0, 64 * 1024);
    } catch {
      return undefined;
    }
  };
  const json = read('package.json');
  if (json !== undefined) {
    try {
      const name = (JSON.parse(json) as { name?: unknown }).name;
      if (typeof name === 'string') return name.replace(/^@[^/]+\//, '');
    } catch {
      // Not JSON: no name from it.
    }
  }
  for (const file of ['pyproject.toml', 'Cargo.toml']) {
    // Blanks before `name` stop at a line's end: `^\s*` went through every blank line after each line start.
    const m = /^[^\S\n\r\u2028\u2029]*name\s*=\s*["']([^"']+)["']/m.exec(read(file) ?? '');
    if (m) return m[1];
  }
  return undefined;
}

/**
 * The project's names as a question's words would be (stemmed, lower case): the folder's name and
 * the manifest's, when each is one word. A name of several words (`my-app`) is left out: its parts
 * are ordinary words.
 */
export function projectNames(root: string): Set<string> {
  const names = new Set<string>();
  for (const name of [path.basename(root), manifestName(root)]) {
    const word = name?.toLowerCase();
    if (word && /^[a-z][a-z0-9]{2,}$/.test(word) && !OVERVIEW_WORDS.has(stem(word))) names.add(stem(word));
  }
  return names;
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
