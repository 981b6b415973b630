import type { Finding, PatternRule } from '../detector';
import type { KeyedRule, KeywordTable } from '../keyed-scan';
import { NAME_WORD, NOT_SURNAMES, ORGANISATION_WORDS } from './pii-names';

// People where code credits or locates them, whatever their name: the name before an address in
// angle brackets (`Olusegun Adebayo <olu@…>`, as git, package.json and Signed-off-by write it), a
// file header's `Created by Pat Smith`, an address spelled out against harvesters (`jane at
// example dot com`), and the user name in a home folder's path (`/Users/jsmith/…`).

const PARTICLE = '(?:van|von|de|da|di|del|du|dos|le|la|der|den|ter|bin|al)';
/** Two to four capitalised words, with name particles between them. */
const FULL_NAME = `${NAME_WORD}(?: (?:${PARTICLE} ){0,2}${NAME_WORD}){1,3}`;

/** Words that make a credited name an organisation or a group rather than a person. */
const NOT_PEOPLE_WORDS = new Set([
  ...ORGANISATION_WORDS,
  ...`Llc Limited Organization Organisation Bot Robot Bugs Security Software Systems Technologies Services Studio Studios Authority
Consortium Collective Network Open Source Free Core Dev Devs Tools Docs Release Releases Infra Ops Sales Info Hello Contact Noreply Github
Gitlab Google Microsoft`.split(/\s+/),
]);

/** True when no word is one that follows a name where no person is meant (`The Babel Team`, `Acme Inc`). */
function isPersonLike(value: string): boolean {
  return !value.split(' ').some((w) => NOT_SURNAMES.has(w) || NOT_PEOPLE_WORDS.has(w));
}

const IS_NAME_WORD = new RegExp(`^${NAME_WORD}$`, 'u');
const IS_PARTICLE = new RegExp(`^${PARTICLE}$`);
const BRACKETED_EMAIL = /<[^\s<>@"]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,24}>/y;

/**
 * Where the two to four capitalised words (with particles) right before `end` start, or -1. Walks
 * back word by word (a regular expression anchored at the end tries every start, which a line of
 * names before addresses made slow); the first word must start the text or follow a space or an
 * opening quote, bracket or colon.
 */
function nameBefore(text: string, end: number): number {
  let names = 0;
  let start = end;
  let firstWordStart = -1;
  for (let words = 0; words < 7 && start > 0 && text[start - 1] !== '\n'; words++) {
    let from = start - 1;
    while (from > 0 && text[from - 1] !== ' ' && text[from - 1] !== '\n' && start - from < 32) from--;
    let word = text.slice(from, start);
    const lead = /^["'(\[{:]+/.exec(word)?.[0].length ?? 0;
    word = word.slice(lead);
    if (IS_NAME_WORD.test(word)) {
      names++;
      firstWordStart = from + lead;
    } else if (!(names > 0 && lead === 0 && IS_PARTICLE.test(word))) break;
    if (lead > 0 || names === 4) break;
    start = from - 1;
    if (start < 0 || text[start] !== ' ') break;
  }
  return names >= 2 ? firstWordStart : -1;
}

/** `Name Surname <address>`: the name before an e-mail address in angle brackets (the address is the contact rules'). */
export function findNamesBeforeEmails(text: string, out: Omit<Finding, 'priority'>[]): void {
  // From each `@` (rarer than ` <`, which code is full of) back to the `<` that opens its address.
  for (let atSign = text.indexOf('@'); atSign >= 0; atSign = text.indexOf('@', atSign + 1)) {
    let open = atSign - 1;
    while (open >= 0 && atSign - open <= 65 && !/[\s<>@"]/.test(text[open])) open--;
    if (open < 1 || text[open] !== '<' || text[open - 1] !== ' ') continue;
    BRACKETED_EMAIL.lastIndex = open;
    if (!BRACKETED_EMAIL.test(text)) continue;
    const at = open - 1;
    const start = nameBefore(text, at);
    if (start < 0 || !isPersonLike(text.slice(start, at))) continue;
    out.push({ kind: 'person_name', start, end: at });
  }
}

/** `Created by Pat Smith on 12/3/19.`, `Maintained by Ana de la Cruz`, `Posted by Dana Whitlock`: who a file, change or post is credited to. */
const creditedBy: KeyedRule = {
  kind: 'person_name',
  standalone: true,
  pattern: new RegExp(
    '(?:[Cc]reated|[Ww]ritten|[Mm]aintained|[Aa]uthored|[Cc]ontributed|[Dd]eveloped|[Rr]eported|[Rr]eviewed|[Ii]mplemented|[Dd]esigned|[Pp]orted|' +
      // A forum's or a social feed's author: `Posted by Dana Whitlock`, `Comment by John Doe:`.
      '[Pp]osted|[Cc]ommented|[Ss]hared|[Cc]omment|[Pp]ost|[Rr]eply)' +
      ` by (?<value>${FULL_NAME})(?![\\p{L}\\p{N}_(])`,
    'yu',
  ),
  accept: isPersonLike,
};

const CREDIT_VERBS = [
  'created', 'written', 'maintained', 'authored', 'contributed', 'developed', 'reported', 'reviewed', 'implemented', 'designed', 'ported',
  'posted', 'commented', 'shared', 'comment', 'post', 'reply',
];

export const creditKeywords: KeywordTable = [{ words: CREDIT_VERBS.map((v) => `${v} by`), rule: creditedBy }];

const LOCAL = '[\\p{L}\\p{N}._%+-]{1,64}';
const LABEL = '[\\p{L}\\p{N}-]{1,63}';
const TLDS = 'com|org|net|edu|gov|io|dev|co|uk|de|fr|es|it|nl|ru|jp|cn|in|br|au|ca|ch|se|no|fi|dk|pl|be|at|info|me|us';

/** `jane at example dot com`, `jane[at]example[dot]com`, `jane (at) example (dot) co (dot) uk`. */
function spelledOut(literal: string, at: string, dot: string, tlds: string, dotWord: RegExp, dotHint: string): PatternRule {
  return {
    kind: 'email',
    // ` at ` fills prose: a spelled-out address has its dot word within a label's length after it.
    // Texts without the dot word are skipped whole: ` at ` fills prose.
    hint: dotHint,
    anchor: { literal, back: /[\p{L}\p{N}._%+-]/u, maxBack: 64, quick: (text, i) => dotWord.test(text.slice(i, i + 80)) },
    pattern: new RegExp(`${LOCAL}${at}${LABEL}(?:${dot}${LABEL}){0,3}${dot}(?:${tlds})(?![\\p{L}\\p{N}])`, 'yu'),
  };
}

export const spelledOutEmailRules: PatternRule[] = [
  // Plain words only before a common top-level domain: `meet at noon dot` is no address.
  // The hint `dot ` rather than ` dot `: a search for a word that opens with a space stops at every space (five times slower).
  spelledOut(' at ', ' at ', ' dot ', TLDS, / dot /, 'dot '),
  spelledOut(' AT ', ' AT ', ' DOT ', `${TLDS}|${TLDS.toUpperCase()}`, / DOT /, 'DOT '),
  // Brackets (`[at]`, `(AT)`, `{at}`, `<at>`) are pii-emails-obfuscated.ts's, found by the keyword scan of personal data.
];

/** Names a home folder takes on shared machines, images and docs, which name no person. */
const NOT_PEOPLE = new Set(
  `user username users you me name yourname your-name your_name yourusername your-username me foo bar baz example test tester guest
runner ubuntu ec2-user vagrant pi node circleci travis jenkins vscode codespace codespaces gitpod build builder buildbot app www-data
admin administrator root shared public default all defaultuser0 docker git dev developer home work runneradmin cloudshell-user
linuxbrew web_user`.split(/\s+/),
);

/**
 * A home folder's user, not a web route (`https://example.com/home/about`): the path starts the
 * text, a word, a string or a `file://` URL.
 */
function isHomeUser(value: string, text: string, start: number, literal: string): boolean {
  const before = start - literal.length - 1;
  const opens =
    before < 0 || !/[\w.\/~$-]/.test(text[before]) || text.startsWith('file://', before - 6) || /[A-Za-z]:$/.test(text.slice(before - 1, before + 1));
  return opens && !NOT_PEOPLE.has(value.toLowerCase()) && /[A-Za-z]/.test(value) && !/^\d+$/.test(value);
}

/** The user name in a home folder's path: `/home/jsmith/`, `/Users/jsmith/`, `C:\Users\jsmith\`. */
function homeFolder(literal: string, separator: string): PatternRule {
  return {
    kind: 'username',
    anchor: { literal, back: /(?!)/, maxBack: 0 },
    pattern: new RegExp(`${literal.replace(/[\\/]/g, '\\$&')}(?<value>[A-Za-z0-9][A-Za-z0-9._-]{1,31})(?=${separator}|["'\\s\`):;,]|$)`, 'dy'),
    accept: (value, text, start) => isHomeUser(value, text, start, literal),
  };
}

export const homeFolderRules: PatternRule[] = [
  homeFolder('/home/', '/'),
  homeFolder('/Users/', '/'),
  homeFolder('\\Users\\', '\\\\'),
  // JSON and string literals double the backslashes: `"C:\\Users\\jsmith\\AppData"`.
  homeFolder('\\\\Users\\\\', '\\\\\\\\'),
];
