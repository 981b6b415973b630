import { joinSlashLetters } from './slash-words';
import { addPairAbbreviations } from './pair-abbreviations';
import { addInitials, spelledWords } from './initialisms';
import { splitIdentifier } from './split-identifier';
import { deinflect, IRREGULAR, stem } from './stem';
import { readPasted } from './pasted';
import { SETTING_WEIGHT, settingNames, settingsInProse, weighSettings } from './setting-terms';
import { TESTS_SOUGHT, TESTS_SOUGHT_INTENT } from './test-paths';

// Its own module since terms.ts passed 300 lines; re-exported for the index and path code that import it from here.
export { splitIdentifier } from './split-identifier';
export { stem } from './stem';

/** One search term taken from a question. `text` is normalised (lower case, stemmed) except for phrases and paths. */
export interface SearchTerm {
  text: string;
  kind: 'phrase' | 'path' | 'identifier' | 'part' | 'word' | 'pair' | 'member' | 'intent' | 'frame' | 'message' | 'setting';
  weight: number;
  /** Further stems a word is looked up by: the abbreviation code writes for it and its neighbour (`regular expression` → regex). */
  also?: string[];
  /** Initials of the run of words it is in, looked up in file and folder names only (`two-factor authentication` → tfa). */
  initials?: string[];
  /** A word the question wrote as a past form (`stored`, `kept`): it asks about the act (verb-nouns.ts). */
  verb?: boolean;
  /** A setting the question named in words (`the number of worker processes` → worker_processes), not as code writes it. */
  inWords?: boolean;
}

const STOP_WORDS = new Set(`a an and are as at be been but by can could did do does doing done for from had has have how i if in
into is it its me my no not of on or our please show should so some tell than that the their them then there these they this
those to us was we were what when where which who whom why will with would you your explain find code file files function
functions work works used use using get gets happen happens implemented implement defined define way where's what's whats here`.split(/\s+/));

/**
 * Words and the abbreviations code writes them as, stemmed (`authentication` → `auth`, `database`
 * → `db`): a question says one, the code often the other. Left out where the short form is more
 * often something else (`res`, `var`, `spec`, `el`, `tx`), or a folder of every path (`src`, `lib`).
 */
const ABBREVIATIONS: string[][] = [
  ['authenticat', 'authorizat', 'authoriz', 'auth'], ['configurat', 'configur', 'config', 'conf', 'cfg'], ['repositori', 'repo'],
  ['databas', 'db', 'datasourc'],
  ['environment', 'env'], ['initializ', 'initializat', 'init'], ['implementat', 'impl'], ['mess', 'msg'], ['error', 'err'],
  ['request', 'req'], ['context', 'ctx'], ['parameter', 'param'], ['argument', 'arg'], ['directori', 'dir'], ['utiliti', 'util'],
  ['document', 'doc'], ['temporari', 'tmp', 'temp'], ['password', 'pwd', 'passwd'], ['funct', 'func', 'fn'], ['callback', 'cb'],
  ['button', 'btn'], ['imag', 'img'], ['length', 'len'], ['destinat', 'dest', 'dst'], ['generat', 'gen'],
  ['command', 'cmd'], ['connect', 'conn'], ['informat', 'info'], ['previous', 'prev'], ['langu', 'lang'], ['permiss', 'perm'],
  ['administrator', 'admin'], ['applicat', 'app'], ['attribut', 'attr'], ['referenc', 'ref'], ['statistic', 'stat'],
  ['synchroniz', 'sync'], ['asynchronous', 'async'], ['descript', 'desc'], ['development', 'dev'], ['calculat', 'calc'],
  ['maximum', 'max'], ['minimum', 'min'], ['dependenci', 'dep'], ['certificat', 'cert'], ['posit', 'pos'], ['index', 'idx'],
  ['element', 'elem'], ['token', 'tok'], ['pack', 'pkg'], ['mail', 'email'],
  ['allocat', 'allocator', 'alloc'],
];
const ALTERNATES = new Map(ABBREVIATIONS.flatMap((group) => group.map((w): [string, string[]] => [w, group.filter((o) => o !== w)])));

/** The other stems that name what a stemmed word names (`auth` for `authenticat`, and back): looked up beside it, weighted less. */
export function alternatesOf(stemmed: string): readonly string[] {
  return ALTERNATES.get(stemmed) ?? [];
}

/** True for a token that names a file or folder: has a slash, a dot followed by a short extension, or is a dotfile (`.gitignore`). */
function isPathLike(token: string): boolean {
  return /[\\/]/.test(token) || /^[\w.-]+\.[A-Za-z][A-Za-z0-9]{0,5}$/.test(token) || /^\.[A-Za-z][\w.-]*$/.test(token);
}

function isCompound(token: string): boolean {
  // A plural acronym (`URLs`, `APIs`) is one word, as splitIdentifier reads it.
  if (/^[A-Z]{2,}s$/.test(token)) return false;
  return /[a-z][A-Z]|[A-Za-z0-9][_-][A-Za-z0-9]|[A-Z]{2,}[a-z]/.test(token) || /^[A-Z][a-z]+[A-Z]/.test(token);
}

/** Endings that make `name.ext` a file rather than a member access (`Session.send` is a method; `index.ts` a file). */
const FILE_EXTENSIONS = new Set(`ts tsx js jsx mjs cjs py go rs java kt swift rb php cs c h cc cpp hpp m md mdx rst txt json jsonc yml yaml toml
ini cfg conf env lock xml html htm css scss less sass vue svelte sh bash zsh ps1 bat sql proto graphql gql csv tsv log pem key crt map wasm
gradle mod sum bzl dart ex exs erl hs lua pl r scala clj tf hcl ipynb`.split(/\s+/));

/**
 * The members of a dotted name (`Session.send`, `grounded.maxContextTokens`, `app.config.from_prefixed_env`):
 * code defines and names them on their own, so each is an identifier too, except the object in front
 * unless it is a class (capitalised: `Session`) or a compound name. A file name (`index.ts`) has none.
 */
function addMembers(token: string, add: (text: string, kind: SearchTerm['kind'], weight: number) => void, baseWeight: number): void {
  // Rust, C++ and Ruby write members with `::` (`middleware::from_fn`), docs of Ruby and Java with `#` (`Base#route`).
  if (/[\\/]/.test(token) || !/\.|::|\w#[A-Za-z_]/.test(token) || token.startsWith('.')) return;
  const members = token.split(/\.|::|#/).filter(Boolean);
  if (members.length < 2 || FILE_EXTENSIONS.has(members[members.length - 1].toLowerCase())) return;
  // `Session.send`: the member is looked for inside its owner's definition too (member-boost.ts).
  for (let i = 0; i + 1 < members.length; i++) {
    if (/^[A-Za-z_$][\w$]*$/.test(members[i]) && /^[A-Za-z_$][\w$]*$/.test(members[i + 1])) add(`${members[i]}.${members[i + 1]}`.toLowerCase(), 'member', 0);
  }
  members.forEach((member, i) => {
    const words = splitIdentifier(member);
    if (words.length === 0 || (i === 0 && words.length === 1 && !/^[A-Z]/.test(member))) return;
    // The index holds a one-word name by its stem (`Session` → sess), a compound whole (`maxContextTokens`).
    const joined = words.join('');
    if (joined.length > 1 && !STOP_WORDS.has(joined)) add(identifierToken(member), 'identifier', 2.5 * baseWeight);
  });
}

/**
 * A term that helps ranking rather than being a word of the question: a pair of its words joined, an owner.member
 * lookup, the intent, a stack frame's file (frame-files.ts), a pasted message (message-match.ts) or a named flag, key or
 * environment variable (setting-terms.ts).
 */
export function isHelperTerm(t: SearchTerm): boolean {
  return t.kind === 'pair' || t.kind === 'member' || t.kind === 'intent' || t.kind === 'frame' || t.kind === 'message' || t.kind === 'setting';
}

/**
 * The intent term of a question asking how to do something; its docs and examples answer it (path-demotion.ts).
 * Asking for advice ("when should I use Zod Mini?", "which adapter should I use?") is asking the docs too.
 */
export const HOW_TO_INTENT = 'how-to';
// Each form of asking for instructions, after an optional "and", "so", "ok" or "then".
const HOW_TO_FORMS = [
  String.raw`how\s+(?:do|can|could|should|would|might)\s+(?:i|we|you|one)\b`,
  String.raw`how\s+to\b`,
  String.raw`what(?:'s|\s+is)\s+the\s+(?:best\s+|right\s+|recommended\s+)?way\s+to\b`,
  String.raw`is\s+(?:there\s+a\s+way|it\s+possible)\s+to\b`,
  String.raw`(?:when|why|which\s+\w+)\s+(?:should|would)\s+(?:i|we|you|one)\b`,
  String.raw`should\s+(?:i|we)\s+use\b`,
];
const HOW_TO = new RegExp(String.raw`^\W*(?:(?:and|so|ok|okay|then)\W+)?(?:${HOW_TO_FORMS.join('|')})`, 'i');

/** The intent term of a question asking for the callers of a name ("what calls X?", "where is X used?"): its definition is not the answer. */
export const CALLERS_INTENT = 'callers';
const CALLERS_FORMS = [
  String.raw`(?:what|who|which\s+\w+)\s+(?:calls?|invokes?|uses?)\b`,
  String.raw`(?:callers?|usages?)\s+of\b`,
  String.raw`where\s+(?:is|are)\s+\S+(?:\s+\S+)?\s+(?:called|invoked|used)\b`,
];
const CALLERS = new RegExp(String.raw`\b(?:${CALLERS_FORMS.join('|')})`, 'i');

/** Generic words a question may still name an identifier with (`code frame` → codeFrame, `use state` → useState). */
const PAIR_WORDS = new Set(['code', 'file', 'function', 'get', 'use', 'find']);

/**
 * Two words in a row, as one identifier would join them (`source maps` → sourcemap, `code frame`
 * → codeframe, `rate limit` → ratelimit): code names what the question spells in words. The last
 * word loses its inflection (`template literals` → templateliteral); a stop word, a quoted phrase,
 * a path or an identifier between them breaks the pair.
 */
function addPairs(sequence: (string | undefined)[], add: (text: string, kind: SearchTerm['kind'], weight: number) => void, weight: number): void {
  for (let i = 0; i + 1 < sequence.length; i++) {
    const [a, b] = [sequence[i], sequence[i + 1]];
    // A verb after a noun (`keys stored`, `errors thrown`) joins into no name.
    if (a && b && a !== b && !/(?:ed|ing)$/.test(b) && !IRREGULAR.has(b)) add(joinedPair(a, b), 'pair', weight);
  }
}

/** The index token of a name: a compound whole (`maxContextTokens` → maxcontexttokens), a one-word name by its stem (`Session` → sess). */
export function identifierToken(name: string): string {
  const words = splitIdentifier(name);
  return words.length > 1 ? words.join('') : stem(words[0] ?? '');
}

/** Two lower-case words joined as a pair term names them; a path's segments are joined the same way (path-tokens.ts). */
export function joinedPair(a: string, b: string): string {
  return `${a}${deinflect(b)}`;
}

/**
 * A verb and its particle that code writes as one word (`looked up` → lookup, `set up` → setup,
 * `logged in` → login, `fall back` → fallback): the question spells in two words what the code
 * names in one.
 */
const PHRASAL = new Set([
  'lookup', 'setup', 'cleanup', 'login', 'logout', 'signin', 'signup', 'signout', 'checkout', 'shutdown', 'startup', 'teardown',
  'backup', 'rollback', 'fallback', 'callback', 'timeout', 'lookahead', 'warmup', 'rollout', 'handoff', 'popup', 'dropdown', 'markup',
]);

/** The one word a verb (in any form) and the particle after it make, or undefined. */
function phrasalWord(verb: string | undefined, particle: string): string | undefined {
  if (!verb) return undefined;
  const base = IRREGULAR.get(verb) ?? deinflect(verb);
  const joined = `${base}${particle}`;
  return PHRASAL.has(joined) ? joined : undefined;
}

/**
 * `bound` is left unstemmed (an upper bound, out of bounds), but `bound to` is the verb's past: "how are arrows bound to
 * shapes?" asks about binding (excalidraw's `binding.ts`, not `bounds.ts`), "how are positional arguments bound to template
 * properties?" about serilog's `PropertyBinder.cs`. The word is read as `bind`, as a past form the verb.
 */
function boundTo(out: Map<string, SearchTerm>, add: (text: string, kind: SearchTerm['kind'], weight: number) => void): void {
  const bound = out.get('tok:bound');
  if (bound?.kind !== 'word') return;
  out.delete('tok:bound');
  add(stem('bind'), 'word', bound.weight);
  out.get(`tok:${stem('bind')}`)!.verb = true;
}

/** A word with an English contraction or possessive (straight or typographic apostrophe). */
const CONTRACTION = /^([A-Za-z]+?)(?:n['’]t|['’](?:s|re|ve|ll|d|m))$/i;
/** What `can't`, `won't` and `shan't` leave before n't. */
const NOT_WORDS = new Set(['ca', 'wo', 'sha']);

/**
 * Turns a question into weighted search terms: quoted phrases and paths as written, identifiers
 * whole (weighted higher) and split into their parts, ordinary words stemmed, stop words dropped.
 */
export function extractTerms(question: string, baseWeight = 1, asPasted = true): SearchTerm[] {
  const out = new Map<string, SearchTerm>();
  const add = (text: string, kind: SearchTerm['kind'], weight: number) => {
    if (!text) return;
    const key = `${kind === 'phrase' || kind === 'path' || kind === 'frame' || kind === 'message' || kind === 'setting' ? kind : 'tok'}:${text}`;
    const prev = out.get(key);
    // A pair only helps ranking: it never takes the place of a word of the same text (`set up` → setup).
    if (!prev || (prev.weight < weight && !(kind === 'pair' && prev.kind !== 'pair'))) out.set(key, { text, kind, weight });
  };
  // Quoted text is a phrase: "…", `…`, and '…' where the quotes stand apart from words (an
  // error message quoted in single quotes; not the apostrophes of don't or users').
  // A pasted trace, log or error is read first: its frames' files and its messages are terms of their own.
  const pasted = asPasted ? readPasted(question) : { rest: question, frames: [], names: [], messages: [] };
  for (const f of pasted.frames) add(f.path, 'frame', 3 * f.nearness * baseWeight);
  for (const m of pasted.messages) add(m.join(' '), 'message', baseWeight);
  for (const name of settingNames(pasted.rest)) add(name, 'setting', SETTING_WEIGHT * baseWeight);
  // A frame's source line calls (`self.send(prep)`), and only the function the error was raised in is the one to show first.
  for (const n of pasted.names) {
    for (const t of extractTerms(n.text, n.nearness * baseWeight, false)) {
      if (t.kind !== 'member' || (!n.code && n.nearness === 1)) add(t.text, t.kind, t.weight);
    }
  }
  let rest = pasted.rest.replace(/"([^"]{2,200})"|`([^`]{2,200})`|(?<![\w'])'([^'\n]{2,200}?)'(?![\w'])/g, (_m, a?: string, b?: string, c?: string) => {
    const phrase = (a ?? b ?? c ?? '').trim();
    if (/^[\w$.]+$/.test(phrase)) return ` ${phrase} `;
    add(phrase.toLowerCase(), 'phrase', 3 * baseWeight);
    return ` ${phrase} `;
  });
  // Punctuation ends a pair of words as a stop word does.
  rest = joinSlashLetters(rest).replace(/[?!,;()[\]{}<>]/g, ' | ');
  const sequence: (string | undefined)[] = [];
  let previous: string | undefined;
  const spelled: (string | undefined)[] = [];
  for (const raw of rest.split(/\s+/)) {
    sequence.push(undefined);
    spelled.push(...spelledWords(raw, (w) => STOP_WORDS.has(w)));
    const lower = /^[A-Za-z]+$/.test(raw) ? raw.toLowerCase() : undefined;
    const phrasal = lower ? phrasalWord(previous, lower) : undefined;
    if (phrasal) add(stem(phrasal), 'word', 0.8 * baseWeight);
    if (previous === 'bound' && lower === 'to') boundTo(out, add);
    previous = lower;
    const trimmed = raw.replace(/^[.'":]+|[.'":]+$/g, '');
    // A single leading dot before a name is part of it (`.gitignore`, `.env`, `.agent/secrets`).
    const token = trimmed && /^\.[A-Za-z]/.test(raw.replace(/^['":]+/, '')) ? `.${trimmed}` : trimmed;
    // Line numbers, positions and addresses (`1511`, `3:7`, `0x1c5`) name nothing the index holds.
    if (!token || !/[A-Za-z]/.test(token) || /^0x[0-9a-f]+$/i.test(token)) continue;
    // A contraction or possessive is its word (`don't` → do, `it's` → it, `parser's` → parser), not an identifier `dont`.
    const contraction = CONTRACTION.exec(token);
    if (contraction) {
      const base = contraction[1].toLowerCase();
      if (!STOP_WORDS.has(base) && !NOT_WORDS.has(base) && base.length > 1) add(stem(base), 'word', baseWeight);
      continue;
    }
    if (isPathLike(token)) {
      add(token.replace(/\\/g, '/').replace(/^\.\//, '').toLowerCase(), 'path', 3 * baseWeight);
      for (const part of token.split(/[\\/.]/)) for (const p of splitIdentifier(part)) if (!STOP_WORDS.has(p)) add(stem(p), 'part', 0.8 * baseWeight);
      addMembers(token, add, baseWeight);
      continue;
    }
    const words = splitIdentifier(token);
    if (words.length === 0) continue;
    if (isCompound(token) || words.length > 1) {
      add(words.join(''), 'identifier', 2.5 * baseWeight);
      addMembers(token, add, baseWeight);
      for (const p of words) if (!STOP_WORDS.has(p) && p.length > 1) add(stem(p), 'part', baseWeight);
      // Written with a hyphen, the pair is one token (`full-text` search → fts, `command-line` → cmdline).
      if (words.length === 2) addPairAbbreviations(words, out);
      continue;
    }
    const w = words[0];
    if (w.length > 1 && /^[A-Za-z]+$/.test(token) && (PAIR_WORDS.has(w) || !STOP_WORDS.has(w))) sequence[sequence.length - 1] = w;
    if (STOP_WORDS.has(w) || w.length < 2) continue;
    add(stem(w), 'word', baseWeight);
    if (w.endsWith('ed') || IRREGULAR.has(w)) out.get(`tok:${stem(w)}`)!.verb = true;
  }
  addPairs(sequence, add, baseWeight);
  addPairAbbreviations(sequence, out);
  addInitials(spelled, out);
  if (HOW_TO.test(question)) add(HOW_TO_INTENT, 'intent', baseWeight);
  if (CALLERS.test(question)) add(CALLERS_INTENT, 'intent', baseWeight);
  if (TESTS_SOUGHT.test(question)) add(TESTS_SOUGHT_INTENT, 'intent', baseWeight);
  weighSettings(out, CALLERS.test(question));
  if (![...out.values()].some((t) => t.kind === 'setting')) {
    for (const name of settingsInProse(pasted.rest, sequence)) {
      add(name, 'setting', SETTING_WEIGHT * baseWeight);
      out.get(`setting:${name}`)!.inWords = true;
    }
  }
  return [...out.values()];
}
