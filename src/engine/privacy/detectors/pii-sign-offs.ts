import type { Finding } from '../detector';
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
 * The closing at the start of a line or after a sentence, its punctuation, up to two blank lines,
 * then the signature: a dash or two dots before it as mail clients and people type them, one to
 * three name words or initials, and nothing after it on the line but a dot.
 */
const SIGNATURE = new RegExp(
  `(?:^|(?<=\\n)|(?<=[.!?] ))[ \\t]*${CLOSING}(?<punct>[ \\t]*[,!.]|)[ \\t]*(?<breaks>(?:\\r?\\n[ \\t]*){0,3})` +
    `(?<dash>--?|~|\\.\\.)?[ \\t]?(?<value>${WORD}(?: (?:${WORD}|${INITIAL})){0,2})\\.?[ \\t]*(?=\\r?\\n|$)`,
  'gdu',
);

/** Words that open no signature: `Thanks,` then `The Babel Team`, `Your friends at …`. */
const NOT_SIGNER = /^(?:The|Your|Our|All|Team|This|That|Everyone|Everybody|Folks|Guys|Again|So|For|To|In|Advance)$/;

/** Names signed under or after a closing, each one `person_name` finding. */
export function findSignOffNames(text: string, out: Omit<Finding, 'priority'>[]): void {
  // Cheap first look: most texts hold no closing at all.
  if (!/[Tt]hank|[Cc]heers|[Bb]est|[Rr]egards|[Ww]armly|[Cc]are|[Aa]ffectionately|[Rr]espectfully|[Gg]ratefully|[Ll]ove|[Hh]ugs|[Ss]ee you|[Tt]alk soon/.test(text)) return;
  SIGNATURE.lastIndex = 0;
  for (let m = SIGNATURE.exec(text); m !== null; m = SIGNATURE.exec(text)) {
    const g = m.groups!;
    const value = g.value;
    const words = value.split(' ');
    if (NOT_SIGNER.test(words[0])) continue;
    const marked = g.punct.trim() === ',' || g.dash !== undefined;
    const listed = isGivenName(words[0]);
    // A single unlisted word is a name only where the closing is marked (`Thanks,` or `-Jon`); two or more read as a name on their own.
    const lone = words.filter((w) => !/^\p{Lu}\.$/u.test(w)).length === 1;
    if (!readsAsName(value, marked) || (lone && !listed && !marked)) continue;
    // `Best` and `Love` are words too: a bare one then a name on the next line is a heading over a list.
    if (!marked && !listed && /^[ \t]*(?:[Bb]est|[Ll]ove|[Hh]ugs)$/.test(m[0].slice(0, m[0].length - g.value.length).split(/\r?\n/)[0])) continue;
    const [start, end] = m.indices!.groups!.value;
    out.push({ kind: 'person_name', start, end });
  }
}
