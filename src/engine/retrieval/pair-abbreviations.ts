import { stem } from './stem';

/**
 * Two words code abbreviates as one name (`regular expression` → regex, `reference count` → refcnt,
 * `memory map` → mmap), keyed by their stems (terms.ts `stem`). Neither word occurs in such a name,
 * so a question spelling the pair out found none of the code: each word of the pair is looked up
 * by the abbreviation too, and a chunk or file naming it covers both. Only names that mean the pair
 * wherever they occur: `cli` is as often a crate or a folder (ripgrep's crates/cli) as the command line.
 */
const PAIRS = new Map(
  Object.entries({
    'regular express': 'regex regexp',
    'referenc count': 'refcount refcnt',
    'memori map': 'mmap',
    'command lin': 'cmdline',
    'standard input': 'stdin',
    'standard output': 'stdout',
    'standard error': 'stderr',
    'work directori': 'cwd workdir',
    'current directori': 'cwd',
    'abstract syntax': 'ast',
    'hot modul': 'hmr',
    'garbag collect': 'gc',
    'file descriptor': 'fd',
    'hash tabl': 'hashtable hashtab hashmap dict',
    'full text': 'fts',
    'writ ahead': 'wal',
  }).map(([pair, short]): [string, readonly string[]] => [pair, short.split(' ')]),
);

/** The abbreviations code writes for two stemmed words in a row, or undefined. */
export function abbreviationOfPair(first: string, second: string): readonly string[] | undefined {
  return PAIRS.get(`${first} ${second}`);
}

/**
 * Gives each word of a pair that code abbreviates (`regular expression` → regex) the abbreviation as a further stem.
 * `out` is the terms by key, as terms.ts keeps them (its SearchTerm's fields used here; importing it would make a cycle).
 */
export function addPairAbbreviations(sequence: (string | undefined)[], out: Map<string, { kind: string; also?: string[] }>): void {
  for (let i = 0; i + 1 < sequence.length; i++) {
    const [a, b] = [sequence[i], sequence[i + 1]];
    const short = a && b ? abbreviationOfPair(stem(a), stem(b)) : undefined;
    if (!short) continue;
    for (const w of [a!, b!]) {
      const t = out.get(`tok:${stem(w)}`);
      if (t && (t.kind === 'word' || t.kind === 'part')) t.also = [...new Set([...(t.also ?? []), ...short])];
    }
  }
}
