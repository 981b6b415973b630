// Retrieval in a window of two workspace folders: each pair below is two trees of the same kind
// (two HTTP clients, two CLI libraries, two JSON libraries...), so both folders match most
// questions' words. For each labelled question of either tree, both folders are searched (80
// candidates each, as a question's context does) and merged; printed per way of merging: how often
// the first chunk comes from the answer's folder, and MRR@10 of the answer file next to the same
// question asked in its folder alone. "product" is mergeFolderResults; "product, other
// folder active" gives the preference to the folder without the answer, the worst case. Then the
// same questions ending "(in <folder>)", by the factor of a folder the question names.
// Last, a whole question in process (context built, no model) from a session of one folder and from
// the same folder in a window of two, each folder's index kept warm as the extension keeps it.
// Usage: node --import tsx bench/multiroot-eval.ts [TREES_DIR]   (default /work/bench-trees)
import { existsSync } from 'node:fs';
import path from 'node:path';
import { mergeFolderResults, NAMED_FOLDER_FACTOR, PREFERRED_FOLDER_FACTOR, questionNames } from '../src/engine/retrieval/folders-source';
import { WorkspaceIndex } from '../src/engine/retrieval/index';
import type { RankedChunk } from '../src/engine/retrieval/rank';
import { openWorkspaceSession, type WorkspaceSession } from '../src/engine/session/workspace-session';
import { extractTerms, type SearchTerm } from '../src/engine/retrieval/terms';
import { AXIOS, AXUM, CLICK, COBRA, GSON, RIPGREP, SINATRA, type Labelled } from './retrieval-sets-more';
import { GUZZLE, JQ, NEWTONSOFT } from './retrieval-sets-held-out';

const SETS: Record<string, Labelled[]> = { axios: AXIOS, axum: AXUM, click: CLICK, cobra: COBRA, gson: GSON, ripgrep: RIPGREP, sinatra: SINATRA, guzzle: GUZZLE,
  jq: JQ, newtonsoft: NEWTONSOFT };
const PAIRS: [string, string][] = [['axios', 'guzzle'], ['click', 'cobra'], ['gson', 'newtonsoft'], ['axum', 'sinatra'], ['jq', 'ripgrep'],
  // Folders of very different sizes: a term's IDF differs most between them.
  ['cobra', 'newtonsoft'], ['guzzle', 'axum']];
const CANDIDATES = 80;

type Lists = { name: string; files: number; chunks: RankedChunk[] }[];
type Merge = (lists: Lists, terms: SearchTerm[], own: string, other: string) => RankedChunk[];

const prefixed = (lists: Lists) => lists.map(({ name, chunks }) => chunks.map((c, rank) => ({ ...c, path: `${name}/${c.path}`, rank })));
const byScore = (a: { score: number }, b: { score: number }) => b.score - a.score;
/** Factors for a folder the question names, tried on the questions asked again naming the answer's folder. */
const NAMED_FACTORS = [1, 1.15, 1.3, NAMED_FOLDER_FACTOR, 2];
const withPreference = (lists: Lists, terms: SearchTerm[], active?: string, named = NAMED_FOLDER_FACTOR) =>
  lists.map((l) => ({ ...l, preference: (l.name === active ? PREFERRED_FOLDER_FACTOR : 1) * (questionNames(l.name, terms) ? named : 1) }));
const STRATEGIES: Record<string, Merge> = {
  product: (lists, terms) => mergeFolderResults(withPreference(lists, terms), CANDIDATES),
  'product, own folder active': (lists, terms, own) => mergeFolderResults(withPreference(lists, terms, own), CANDIDATES),
  'product, other folder active': (lists, terms, _own, other) => mergeFolderResults(withPreference(lists, terms, other), CANDIDATES),
  'scores as each index gave them': (lists) => prefixed(lists).flat().sort(byScore),
  'each folder divided by its best': (lists) =>
    prefixed(lists).flatMap((l) => l.map((c) => ({ ...c, score: c.score / (l[0]?.score || 1) }))).sort(byScore),
  'reciprocal rank fusion (k=60)': (lists) => prefixed(lists).flat().map((c) => ({ ...c, score: 1 / (60 + c.rank) })).sort(byScore),
};

function fileRank(chunks: RankedChunk[], answer: (p: string) => boolean): number {
  const files: string[] = [];
  for (const c of chunks.slice(0, 10)) if (!files.includes(c.path)) files.push(c.path);
  return files.findIndex(answer);
}

interface Tally { firstFromFolder: number; reciprocal: number; count: number }
const tally = (): Tally => ({ firstFromFolder: 0, reciprocal: 0, count: 0 });

async function main(): Promise<void> {
  const trees = process.argv[2] ?? '/work/bench-trees';
  const alone = tally();
  const merged = Object.fromEntries(Object.keys(STRATEGIES).map((k) => [k, tally()]));
  const timing = { one: 0, two: 0 };
  const named = new Map(NAMED_FACTORS.map((f) => [f, tally()]));
  for (const pair of PAIRS) {
    if (!pair.every((n) => existsSync(path.join(trees, n)))) continue;
    const indexes = Object.fromEntries(await Promise.all(pair.map(async (n) => {
      const index = new WorkspaceIndex({ root: path.join(trees, n) });
      await index.refresh();
      return [n, index] as const;
    })));
    for (const own of pair) {
      const other = pair.find((n) => n !== own)!;
      for (const [question, answer] of SETS[own]) {
        const terms = extractTerms(question);
        let t = performance.now();
        const ownChunks = await indexes[own].search(terms, CANDIDATES);
        timing.one += performance.now() - t;
        t = performance.now();
        const lists = await Promise.all(pair.map(async (n) => ({ name: n, files: indexes[n].fileCount, chunks: await indexes[n].search(terms, CANDIDATES) })));
        timing.two += performance.now() - t;
        const r = fileRank(ownChunks, (p) => answer.test(p));
        alone.reciprocal += r >= 0 ? 1 / (r + 1) : 0;
        alone.count++;
        for (const [name, merge] of Object.entries(STRATEGIES)) {
          const m = merge(lists, terms, own, other);
          const into = merged[name];
          if (m[0]?.path.startsWith(`${own}/`)) into.firstFromFolder++;
          const rank = fileRank(m, (p) => p.startsWith(`${own}/`) && answer.test(p.slice(own.length + 1)));
          into.reciprocal += rank >= 0 ? 1 / (rank + 1) : 0;
          into.count++;
        }
        // The same question naming the folder, as a user of a window of several folders may.
        const naming = extractTerms(`${question} (in ${own})`);
        const namedLists = await Promise.all(pair.map(async (n) => ({
          name: n, files: indexes[n].fileCount, chunks: await indexes[n].search(naming, CANDIDATES),
        })));
        for (const f of NAMED_FACTORS) {
          const m = mergeFolderResults(withPreference(namedLists, naming, undefined, f), CANDIDATES);
          const into = named.get(f)!;
          if (m[0]?.path.startsWith(`${own}/`)) into.firstFromFolder++;
          const rank = fileRank(m, (p) => p.startsWith(`${own}/`) && answer.test(p.slice(own.length + 1)));
          into.reciprocal += rank >= 0 ? 1 / (rank + 1) : 0;
          into.count++;
        }
      }
    }
    console.log(`pair ${pair.join(' + ')}: ${pair.map((n) => `${n} ${indexes[n].fileCount} files`).join(', ')}`);
  }
  console.log(`\n${alone.count} questions; answer's folder alone: MRR@10 ${(alone.reciprocal / alone.count).toFixed(3)}`);
  for (const [name, t] of Object.entries(merged))
    console.log(`${name.padEnd(32)} first chunk from the answer's folder ${t.firstFromFolder}/${t.count}, MRR@10 ${(t.reciprocal / t.count).toFixed(3)}`);
  console.log('\nthe same questions ending "(in <the answer\'s folder>)", by the factor of the folder a question names:');
  for (const [f, t] of named)
    console.log(`named folder x${String(f).padEnd(18)} first chunk from the answer's folder ${t.firstFromFolder}/${t.count}, ` +
      `MRR@10 ${(t.reciprocal / t.count).toFixed(3)}`);
  console.log(`\nsearch time per question (in process, warm): one folder ${(timing.one / alone.count).toFixed(1)} ms, ` +
    `two folders ${(timing.two / alone.count).toFixed(1)} ms`);
}

/** Mean milliseconds of a question (no model: context only) asked from `from`, each question asked twice, the second timed. */
async function questionMs(from: WorkspaceSession, questions: Labelled[]): Promise<number> {
  let total = 0;
  for (const [question] of questions) {
    await from.ask({ question, remember: false });
    const t = performance.now();
    await from.ask({ question, remember: false });
    total += performance.now() - t;
  }
  return total / questions.length;
}

async function wholeQuestions(trees: string): Promise<void> {
  const [own, other] = ['gson', 'newtonsoft'];
  if (![own, other].every((n) => existsSync(path.join(trees, n)))) return;
  const window: { name: string; session: WorkspaceSession }[] = [];
  const alone = openWorkspaceSession({ root: path.join(trees, own), watched: true });
  const inWindow = openWorkspaceSession({ root: path.join(trees, own), watched: true, folders: () => window });
  window.push({ name: own, session: inWindow }, { name: other, session: openWorkspaceSession({ root: path.join(trees, other), watched: true }) });
  // A round of each first: the first questions pay for loading the tokenizer and compiling the code.
  await questionMs(alone, SETS[own]);
  await questionMs(inWindow, SETS[own]);
  const one = await questionMs(alone, SETS[own]);
  const two = await questionMs(inWindow, SETS[own]);
  console.log(`whole question in process (context built, no model), ${SETS[own].length} ${own} questions: ${own} alone ${one.toFixed(0)} ms, ` +
    `${own} + ${other} ${two.toFixed(0)} ms`);
}

main().then(() => wholeQuestions(process.argv[2] ?? '/work/bench-trees')).catch((err) => {
  console.error(err);
  process.exit(1);
});
