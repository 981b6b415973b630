import type { KeyedRule, KeywordTable } from '../keyed-scan';
import { isGivenName } from './given-names';
import { readsAsName } from './pii-prose-people';

// The name a message is signed with, under or after its closing: `Thanks,` then `Anna` on the next
// line, `All the best,` then `--Meg C.`, `Cheers -Jon`, `thanks Joshua.`, as e-mails, tickets and
// chat write them. The closing opens its line or follows a sentence's end, and the name ends its
// line: a closing inside prose (`thanks to Babel for`) and a heading under it (`Thanks` then
// `Contributors`) are no signature.

/** Closings a signature follows. `Best` and `Love` alone are words too: they need a comma or a dash before the name. */
const CLOSING =
  '(?:[Tt]hanks?(?: (?:again|a lot|so much|in advance))?|[Tt]hank you(?: (?:again|so much|in advance))?|[Mm]any thanks|[Cc]heers|' +
  '[Aa]ll the best|[Bb]est(?: wishes)?|(?:[Kk]ind(?:est)?|[Bb]est|[Ww]arm(?:est)?|[Mm]any) [Rr]egards|[Rr]egards|[Ww]armly|' +
  '[Tt]ake care|[Aa]ffectionately|[Rr]espectfully|[Gg]ratefully|[Ll]ove|[Hh]ugs|[Ss]ee you(?: soon)?|[Tt]alk soon)';

/** One word of a name (`O'Brien`, `McCrubben`, `Jean-Luc`, `Núñez`), or an initial with its dot (`Meg C.`). */
const WORD = "(?:Ma?c|O['’])?\\p{Lu}(?:\\p{Ll}|['’-](?=\\p{L})){1,30}";
const INITIAL = '\\p{Lu}\\.';

/**
 * Read from the closing's first letter: the closing starting a line or a sentence, its punctuation,
 * up to two blank lines, then the signature: a dash or two dots before it as mail clients and people
 * type them, one to three name words or initials, and nothing after it on the line but a dot.
 */
const SIGNATURE = new RegExp(
  `(?<=(?:^|\\n|[.!?] )[ \\t]*)${CLOSING}[ \\t]*[,!.]?[ \\t]*(?:\\r?\\n[ \\t]*){0,3}(?:--?|~|\\.\\.)?[ \\t]?` +
    `(?<value>${WORD}(?: (?:${WORD}|${INITIAL})){0,2})(?=\\.?[ \\t]*(?:\\r?\\n|$))`,
  'yu',
);

/** Words that open no signature: `Thanks,` then `The Babel Team`, `Your friends at …`. */
const NOT_SIGNER = /^(?:The|Your|Our|All|Team|This|That|Everyone|Everybody|Folks|Guys|Again|So|For|To|In|Advance)$/;

/** What stands right before the name: a dash or dots (`-Jon`, `..Risemamy`), or the closing's comma on its line or the line above. */
function marking(text: string, start: number): { marked: boolean; closingLine: string } {
  let i = start;
  while (i > 0 && (text[i - 1] === ' ' || text[i - 1] === '\t')) i--;
  if (/[-~.]/.test(text[i - 1] ?? '')) return { marked: true, closingLine: '' };
  while (i > 0 && /\s/.test(text[i - 1])) i--;
  const closingLine = text.slice(text.lastIndexOf('\n', i - 1) + 1, i).trim();
  return { marked: text[i - 1] === ',', closingLine };
}

/**
 * A signature is a name of two or three words, or one listed given name; a single unlisted word
 * (`Angel`, `Jon`) only where the closing is marked (`All the best,` or `-Jon`). `Best` and `Love`
 * on a line of their own are words too: a heading over a list of names.
 */
function isSignature(value: string, text: string, start: number): boolean {
  const words = value.split(' ');
  if (NOT_SIGNER.test(words[0])) return false;
  const { marked, closingLine } = marking(text, start);
  const listed = isGivenName(words[0]);
  const lone = words.filter((w) => !/^\p{Lu}\.$/u.test(w)).length === 1;
  if (!readsAsName(value, marked) || (lone && !listed && !marked)) return false;
  return marked || listed || !/^(?:[Bb]est|[Ll]ove|[Hh]ugs)[!.]?$/.test(closingLine);
}

const signature: KeyedRule = { kind: 'person_name', standalone: true, pattern: SIGNATURE, accept: isSignature };

/** The closings, for the one keyword scan of personal data (pii-personal.ts). */
export const signOffKeywords: KeywordTable = [
  {
    words: [
      'thanks', 'thank', 'thank you', 'many thanks', 'cheers', 'all the best', 'best', 'best wishes', 'kind regards', 'kindest regards',
      'best regards', 'warm regards', 'warmest regards', 'many regards', 'regards', 'warmly', 'take care', 'affectionately', 'respectfully',
      'gratefully', 'love', 'hugs', 'see you', 'see you soon', 'talk soon',
    ],
    rule: signature,
  },
];
