import { doerRoot } from './doer-names';
import { joinedPair, splitIdentifier, stem } from './terms';

/**
 * The tokens a path names (its folder and file names split like identifiers), for the path boost
 * in ranking. Memoised per folder and per file name rather than per path: a large tree has tens of
 * thousands of paths but a few thousand distinct folders and names (babel: 27.7 K paths, 8.9 K
 * distinct segments), and a one-shot question otherwise split every path of the tree again.
 */
const CACHE_LIMIT = 100_000;
const ofSegment = new Map<string, readonly string[]>();
/** A folder as a chain: its own name's tokens, then its parent's. Built once per folder. */
interface Folder { tokens: readonly string[]; doers: readonly string[]; parent: Folder | undefined }
const ofFolder = new Map<string, Folder>();
const ofName = new Map<string, readonly string[]>();

function remember<V>(cache: Map<string, V>, key: string, value: V): V {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

function segmentTokens(part: string): readonly string[] {
  const known = ofSegment.get(part);
  if (known) return known;
  // Split before lower-casing: `keyStore.ts` names key and store, not one word keystore.
  const words = splitIdentifier(part);
  // Each two words in a row too (`babel-code-frame` names codeframe), as a question's pairs of words are joined.
  const pairs = words.length > 2 ? words.slice(1).map((w, i) => joinedPair(words[i], w)) : [];
  const tokens = words.length > 1 ? [words.join(''), ...pairs, ...words.map(stem)] : words.map(stem);
  return remember(ofSegment, part, words.some((w) => PREFIXED_ALLOC.test(w)) ? [...tokens, 'alloc'] : tokens);
}

/**
 * C names its allocators by the allocator with a letter or two before `alloc` (nginx's `ngx_palloc.c`, the pool allocator,
 * redis's `zmalloc.c`, `xmalloc`, `kmalloc`): they allocate, though the name never says alloc on its own. Not `dealloc`, its undoing.
 */
const PREFIXED_ALLOC = /^(?!de)[a-z]{1,2}m?alloc$/;

function folder(path: string): Folder {
  const known = ofFolder.get(path);
  if (known) return known;
  const slash = path.lastIndexOf('/');
  const parent = slash < 0 ? undefined : folder(path.slice(0, slash));
  const tokens = nameTokens(path.slice(slash + 1));
  return remember(ofFolder, path, { tokens, doers: doersOf(tokens), parent });
}

function folderHas(f: Folder | undefined, token: string): boolean {
  for (; f; f = f.parent) if (f.tokens.includes(token)) return true;
  return false;
}

function nameTokens(name: string): readonly string[] {
  const known = ofName.get(name);
  if (known) return known;
  return remember(ofName, name, name.split('.').flatMap(segmentTokens));
}

const NO_DOERS: readonly string[] = [];
/** By a name's token list, which ofName keeps one of per name: tried for every path whose letters hold a term's. */
const ofDoers = new WeakMap<readonly string[], readonly string[]>();
/** The verbs a name's doers name (doer-names.ts: `digester` → digest). */
function doersOf(tokens: readonly string[]): readonly string[] {
  const known = ofDoers.get(tokens);
  if (known) return known;
  const doers = tokens.flatMap((w) => doerRoot(w) ?? []);
  ofDoers.set(tokens, doers.length > 0 ? doers : NO_DOERS);
  return doers.length > 0 ? doers : NO_DOERS;
}

/**
 * Whether a doer in the file name or its two nearest folders names `token` (`babel-generator/src/source-map.ts` for
 * "generated"). Not further up: there a folder's doer named every file of a large package (babel-parser's 13 K
 * test fixtures for "parsed"), which cost such a question 20 ms of CPU time and changed no answer.
 */
function doerNear(name: readonly string[], parent: Folder | undefined, token: string): boolean {
  if (doersOf(name).includes(token)) return true;
  for (let f = parent, level = 0; f && level < 2; f = f.parent, level++) if (f.doers.includes(token)) return true;
  return false;
}

/** A question's view of one path: whether it names a token (its file name, then its folders'). */
export function pathNames(rel: string): (token: string) => boolean {
  const slash = rel.lastIndexOf('/');
  const name = nameTokens(rel.slice(slash + 1));
  let parent: Folder | undefined | null = null;
  return (token) =>
    name.includes(token) || folderHas((parent ??= slash < 0 ? undefined : folder(rel.slice(0, slash))), token) || doerNear(name, parent, token);
}

/** Whether the file name itself (not a folder above it) names `token`. */
export function fileNameHas(rel: string, token: string): boolean {
  const name = nameTokens(rel.slice(rel.lastIndexOf('/') + 1));
  return name.includes(token) || doersOf(name).includes(token);
}

const ofBareName = new Map<string, readonly string[]>();
/** The words of a file's name without its extensions, stemmed (`job_retry.rb` → job, retri; `keys.ts` → key). */
function fileNameWords(rel: string): readonly string[] {
  const name = rel.slice(rel.lastIndexOf('/') + 1);
  const known = ofBareName.get(name);
  if (known) return known;
  const dot = name.indexOf('.', 1);
  return remember(ofBareName, name, splitIdentifier(dot > 0 ? name.slice(0, dot) : name).map(stem));
}

/** Whether every word of the file's name is `asked` and one of them `rare` (`ssrf.ts` for ssrf; not `fetch-url.ts` for url). */
export function nameWhollyOf(rel: string, asked: ReadonlySet<string>, rare: (word: string) => boolean): boolean {
  const words = fileNameWords(rel);
  return words.length > 0 && words.every((w) => asked.has(w)) && words.some(rare);
}

const ofPath = new Map<string, string>();
/** A path's ASCII letters and digits, lower-cased (`src/Key_Store.ts` → srckeystorets): what a probe is looked for in. */
export function pathLetters(rel: string): string {
  const known = ofPath.get(rel);
  if (known !== undefined) return known;
  return remember(ofPath, rel, rel.replace(/[^A-Za-z0-9]+/g, '').toLowerCase());
}

/** What a path must hold to name a token: a run of its letters and digits, or (beyond ASCII) a pattern. */
export type PathProbe = { needle: string } | { pattern: RegExp };

/**
 * What a path must contain to name `token`: the token minus its last letter (a stem is a prefix
 * of the word it came from), letters in order with anything but ASCII letters and digits allowed
 * between them (a compound whole such as keystore comes from key_store), in any case. For a token
 * of ASCII letters and digits that is a run of the path's letters (pathLetters; path-grams.ts finds
 * the paths holding it without looking at the others).
 */
export function pathProbe(token: string): PathProbe {
  const needle = token.slice(0, -1);
  if (/^[a-z0-9]*$/.test(needle)) return { needle };
  return { pattern: new RegExp([...needle].map((c) => c.replace(/[^a-z0-9]/g, '\\$&')).join('[^A-Za-z0-9]*'), 'i') };
}

/** Whether `rel` holds every probe. */
export function holdsProbes(rel: string, probes: readonly PathProbe[]): boolean {
  return probes.every((p) => ('needle' in p ? pathLetters(rel).includes(p.needle) : p.pattern.test(rel)));
}
