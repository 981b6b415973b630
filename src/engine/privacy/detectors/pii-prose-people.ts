import type { Finding } from '../detector';
import type { KeyedRule, KeywordTable } from '../keyed-scan';
import { allCodeWords } from './code-words';
import { isGivenName } from './given-names';
import { NOT_SURNAMES, ORGANISATION_WORDS } from './pii-names';

// People named by what a sentence does with them rather than by a key: a ticket `assigned to`
// someone, a letter `signed by` them, a film `directed by` them, `I'm Naomi Ryan`, `follow up with
// Priya Shah`, `Tomomi Nishiyama lives at …`. The verb says a person follows (or precedes); the
// words must still read as a name, since code docs use the same verbs (`assigned to Foo.bar`,
// `The Config lives in src/`): no word of code, no organisation, nothing that goes on as code.

/** One capitalised word of a name, any script, apostrophe or hyphen between letters; or an initial (`J.`). */
const NAME_PART = "\\p{Lu}(?:\\p{Ll}|['’-](?=\\p{L})){1,30}";
/** An initial, with its dot or without (`Shane M Culp`, as forms and address books write it; not the words `A` and `I`). */
const INITIAL = '(?:\\p{Lu}\\.|(?![AI] )\\p{Lu}(?= ))';
/** Particles a surname may hold in lower case (`Ana de la Cruz`, `Jan van der Berg`). */
const PARTICLE = "(?:de|del|della|di|da|do|dos|das|du|van|von|der|den|la|le|ter|ten|zu|bin|ibn|al|el|d'|O')";
const NAME = `${NAME_PART}(?: (?:${INITIAL}|${PARTICLE}(?: ${PARTICLE})?) ?${NAME_PART}| ${NAME_PART}){0,3}`;

/**
 * A title before the name (`call me Mr. May`, `her name is Dr. Ilse Varga`) is passed over, as the title rule
 * (pii-personal.ts) passes it: the name after it is the value, and a title says one word is a name.
 */
export const TITLE_BEFORE = '(?:(?:Mrs?|Ms|Mx|Miss|Prof|Dr)\\.? )?';

/** Words after such verbs that are no person: things, roles, placeholders. */
const NOT_PEOPLE = new Set([
  ...NOT_SURNAMES, ...ORGANISATION_WORDS, 'Team', 'Support', 'Admin', 'Everyone', 'Someone', 'Nobody', 'Anyone', 'Sure', 'Sorry', 'Done',
  'Hello', 'World', 'Here', 'Back', 'Going', 'Trying', 'Using', 'Working', 'Happy', 'Glad', 'Unable', 'Able', 'Currently', 'Still', 'Now', 'Ready', 'Okay',
  'Fine', 'Afraid', 'Assuming', 'Looking', 'Getting', 'Seeing', 'Running', 'Building', 'Writing', 'Reading', 'Thinking', 'Confused',
  'Stuck', 'New', 'Default', 'Null', 'None', 'True', 'False', 'Undefined', 'Unknown', 'Anonymous', 'Guest', 'Root', 'System', 'Bot',
  // Words that open a place's name (`assigned to Saint Helena region`).
  'Saint', 'San', 'Santa', 'Sankt', 'Port', 'Mount', 'Fort', 'Lake', 'North', 'South', 'East', 'West', 'Upper', 'Lower', 'Greater',
  'Github', 'GitHub', 'Google', 'Microsoft', 'Apple', 'Amazon', 'Facebook', 'Twitter', 'Slack', 'Discord', 'Dependabot', 'Renovate',
]);

/** A name's words read as a person's: no code word, role or organisation, and not a lone word that is not a given name. */
export function readsAsName(value: string, loneWordOk: boolean): boolean {
  const words = value.split(' ').filter((w) => /^\p{Lu}\p{Ll}/u.test(w));
  if (words.length === 0 || words.some((w) => NOT_PEOPLE.has(w)) || allCodeWords(value)) return false;
  return words.length >= 2 || isGivenName(words[0]) || loneWordOk;
}

/** The title that TITLE_BEFORE passed over, just before a value. */
const TITLED = /(?:^|[^\p{L}])(?:Mrs?|Ms|Mx|Miss|Prof|Dr)\.? $/u;

/** What goes on after a name as code: `.` then a letter, `(`, `<`, `[`, `/`, `_`, `@`. */
const goesOnAsCode = (text: string, end: number) => /^(?:\.[\p{L}\d_]|[(<[/_@]|-\w)/u.test(text.slice(end, end + 2));

/** Who `my …` may be, then named (`my daughter Ines`). */
const KIN =
  '(?:kid|son|daughter|wife|husband|brother|sister|mother|father|mom|mum|dad|friend|partner|boss|colleague|cousin|uncle|aunt|' +
  'grandfather|grandmother|grandson|granddaughter|nephew|niece|fiancée?|girlfriend|boyfriend|neighbou?r)';

/** Verbs and labels after which a person is named; `call me` and `named him` may name one by a single unlisted word. */
const BEFORE_NAME =
  '(?:[Aa]ssigned to|[Ss]igned by|[Dd]irected by|[Ff]ollow(?:ed|ing)? up with|[Ss]poke (?:with|to)|[Tt]alked to|' +
  "[Mm]eet(?:ing)? with|[Aa]ssistant to|[Hh]ad given|[Ww]as called|[Nn]amed (?:him|her)|[Cc]alls? me|I am|I['’]m|" +
  // Kin and friends: `my kid Lukas`, `my sister Odile`.
  `[Mm]y ${KIN})`;

const personAfterVerb: KeyedRule = {
  kind: 'person_name',
  standalone: true,
  before: nameBeforeVerb,
  pattern: new RegExp(`${BEFORE_NAME} ${TITLE_BEFORE}(?<value>${NAME})(?![\\p{L}\\p{N}_])`, 'yu'),
  accept: (value, text, start) => {
    if (goesOnAsCode(text, start + value.length)) return false;
    if (TITLED.test(text.slice(Math.max(0, start - 6), start))) return readsAsName(value, true);
    const cue = text.slice(Math.max(0, start - 12), start);
    // `I'm Sure`, `I am Groot`: after `I am`, only a listed given name opens a name.
    // Two words or more then a comma name a person too (`I'm Jaroslava P. Novotná, from …`).
    const after = text.slice(start + value.length, start + value.length + 1);
    if (/I(?: am|['’]m) $/.test(cue)) return (isGivenName(value.split(' ')[0]) || (/ /.test(value) && after === ',')) && readsAsName(value, false);
    // `call me Ishmael.`, `named her Katrine,`, `my kid Lukas`: one word is a name when the sentence ends after it, or after kin.
    const lone = (/(?:[Cc]alls? me|[Nn]amed (?:him|her)|[Ww]as called) $/.test(cue) && /^(?:[.,!?;\r\n]|$)/.test(after)) || /[Mm]y \p{L}+ $/u.test(cue);
    return readsAsName(value, lone);
  },
};

/** Who said a quoted line (`"…in that direction," says Hartvigsson.`): the quote's close, then the verb, then the name. */
const quoteSaid: KeyedRule = {
  kind: 'person_name',
  standalone: true,
  pattern: new RegExp(`(?:says|said) (?<value>${NAME})(?![\\p{L}\\p{N}_])`, 'yu'),
  accept: (value, text, start) =>
    /[,.!?]["”]? (?:says|said) $/.test(text.slice(Math.max(0, start - 8), start)) && !goesOnAsCode(text, start + value.length) &&
    // One word only when it is a listed given name: novels in test data quote their characters (`," said Stamford`).
    readsAsName(value, false),
};

/** What follows the pronoun that starts `theirName`. */
const THEIR_NAME_AHEAD = "(?= name is | [a-z]{2,12}['’]s name is )";

/** Someone's name given as theirs (`his name is Oskar`, `my partner's name is Ilse Varga`). */
const theirName: KeyedRule = {
  kind: 'person_name',
  standalone: true,
  pattern: new RegExp(`(?:[Hh]is|[Hh]er|[Tt]heir|[Mm]y)(?: \\p{Ll}{2,12}['’]s)? name is ${TITLE_BEFORE}(?<value>${NAME})(?![\\p{L}\\p{N}_])`, 'yu'),
  accept: (value, text, start) => !goesOnAsCode(text, start + value.length) && readsAsName(value, true),
};

/** The answer to a question asking a name (`What's your last name? Magnusson`), alone on the rest of its line. */
const nameAsked: KeyedRule = {
  kind: 'person_name',
  standalone: true,
  // A chat's speaker may stand between (`name? User: Ilse Varga`).
  pattern: new RegExp(
    `(?:(?:[Ll]ast|[Ff]irst|[Ff]ull|[Ff]amily|[Gg]iven) )?[Nn]ame\\?[ \\t]+(?:(?:[Uu]ser|[Mm]e|[Aa]nswer|A):[ \\t]*)?` +
      `(?<value>${NAME})(?=[ \\t]*(?:[.!]?[ \\t]*(?:\\r?\\n|$)))`,
    'yu',
  ),
  accept: (value) => readsAsName(value, true),
};

/** The keywords of these, for the one keyword scan of personal data (pii-personal.ts). */
/**
 * `my name is` as other languages say it (`mein Name ist Max Müller`, `me llamo Inés`, `benim adım Ahmet Yılmaz`), one
 * to three name words after it; as in English (pii-personal.ts), a title before them is passed over.
 */
const NAME_INTROS = [
  'mein name ist', "je m'appelle", 'je m’appelle', 'mon nom est', 'me llamo', 'mi nombre es', 'mi chiamo', 'mijn naam is', 'ik heet',
  'benim adım', 'jag heter', 'nazywam się', 'meu nome é', 'eu me chamo',
];
const nameIntroduced: KeyedRule = {
  kind: 'person_name',
  standalone: true,
  pattern: new RegExp(
    `(?:${NAME_INTROS.map((w) => `[${w[0]}${w[0].toUpperCase()}]${w.slice(1)}`).join('|')}) ${TITLE_BEFORE}` +
      `(?<value>${NAME_PART}(?: ${NAME_PART}){0,2})(?![\\p{L}\\p{N}_])`,
    'yu',
  ),
  accept: (value) => readsAsName(value, true),
};

export const peopleKeywords: KeywordTable = [
  { words: NAME_INTROS, rule: nameIntroduced },
  {
    words: [
      'assigned to', 'signed by', 'directed by', 'follow up with', 'followed up with', 'following up with', 'spoke with',
      'spoke to', 'talked to', 'meet with', 'meeting with', 'assistant to', 'had given', 'was called', 'named him', 'named her', 'call me',
      'i am', "i'm", 'i’m', 'lives at', 'calls me', ...KIN.slice(3, -1).replace('fiancée?', 'fiance|fiancee').split('|').map((k) => `my ${k}`),
    ],
    rule: personAfterVerb,
    sources: [
      'assigned to ', 'signed by ', 'directed by ', 'follow(?:ed|ing)? up with ', 'spoke (?:with|to) ', 'talked to ',
      'meet(?:ing)? with ', 'assistant to ', 'had given ', 'was called ', 'named (?:him|her) ', 'calls? me ', 'i am ', "i['’]m ", 'lives at ',
      `my ${KIN} `,
    ],
  },
  { words: ['says', 'said'], rule: quoteSaid, sources: ['says ', 'said '] },
  // The hit is the pronoun alone (its lookahead is no part of it), so that each keyword names one rule; `my name is` is myName's.
  {
    words: ['his', 'her', 'their', 'my'],
    rule: theirName,
    sources: [...['his', 'her', 'their'].map((w) => `${w}${THEIR_NAME_AHEAD}`), "my(?= [a-z]{2,12}['’]s name is )"],
  },
  { words: ['name?'], rule: nameAsked, sources: ['name\\?[ \\t]'] },
  // `last name` and the like are keys of their own (pii-personal.ts), found before the `name?` inside them.
  { words: ['last name', 'first name', 'full name', 'family name', 'given name'], rule: nameAsked, sources: [] },
];


/** The name right before a verb, starting its sentence, line or clause. */
const NAME_BEFORE = new RegExp(`(?:^|[\\s([{"'“,;:>])(${NAME})$`, 'u');

/**
 * A name before a verb only people do (`Orsolya Tremblath lives at`, `Kevin had given`), the verb
 * starting at `at`: two words or more, or a listed given name, in the 80 characters before it. Run
 * from the keyword scan's hits: an indexOf of the verbs over every text cost 15 % of the whole
 * personal-data scan.
 */
export function nameBeforeVerb(text: string, at: number, out: Omit<Finding, 'priority'>[]): void {
  if (!/^(?:lives (?:at|in)|had given) /.test(text.slice(at, at + 10))) return;
  const m = NAME_BEFORE.exec(text.slice(Math.max(0, at - 81), at - 1));
  if (m && text[at - 1] === ' ' && readsAsName(m[1], false)) out.push({ kind: 'person_name', start: at - 1 - m[1].length, end: at - 1 });
}
