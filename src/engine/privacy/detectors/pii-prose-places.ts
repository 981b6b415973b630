import type { KeyedRule, KeywordTable } from '../keyed-scan';
import { allCodeWords } from './code-words';
import { isCountryName } from './country-names';

// Where a person is, comes from or goes, as messages say it: `I'm originally from Kenosha`, `we
// moved here from Tujetsch`, `Ms. Jones flew to Loeches on Saturday`, `I'm in Flateyri, at the
// conference`. The verb is one people do (fly, travel, come from), not one code does, and the place
// must end its clause: `I'm in Insert mode` and `flew to the server` name no place. Forms and
// records in capitals (`flew to LEPPEN`) count too. pii-places.ts has the keyed forms and `lives in`.

/** A capitalised word (not all capitals), or a word in capitals of three letters or more (`LEPPEN`, `ΠΑΦΟΣ`). */
const WORD = "(?:\\p{Lu}\\p{Ll}(?:\\p{L}|['’](?=\\p{L})){0,29}|\\p{Lu}{3,30})";
/** Small words inside a place's name (`Villafranca del Cid`, `Stratford-upon-Avon`, `Frankfurt am Main`). */
const SMALL = '(?:upon|on|de|del|la|le|les|sur|am|an|der|im|en|nad|do|da|dos|das|di)(?=[ -]\\p{Lu})';
const PLACE = `${WORD}(?:[ -](?:${WORD}|${SMALL})){0,3}`;

/** What may follow a place in a sentence: punctuation, its end, or a word that goes on about the trip. */
const CLAUSE_END =
  '(?=[,;:!?)]|\\.(?![\\p{L}\\p{N}])|[ \\t]*$|[ \\t]*\\r?\\n|' +
  ' (?:for|at|on|this|next|last|by|with|and|in|to|yesterday|today|tomorrow|tonight|soon|later|now|before|after|since|until|when|where|but)\\b)';

/** Words after such verbs that are no place: a determiner, a time, a pronoun. */
const NOT_PLACES = new RegExp(
  '^(?:The|A|An|This|That|These|Those|My|Our|Your|His|Her|Their|Its|Here|There|Home|Work|School|Town|It|Me|Us|Them|Him|' +
    'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|' +
    'October|November|December|Today|Tomorrow|Yesterday|Tonight|Bed|Hospital|Church|Class|Office|Time)$',
);

/** A person doing it, maybe two words before the verb (`she is moving to`, `Mr. Ray returned to`). */
const PERSON_BEFORE = /(?:^|[^\p{L}])(?:I|I'm|I am|we|We|we're|he|He|she|She|they|They|Mr\.?|Mrs\.?|Ms\.?|is|was) (?:\S+ ){0,2}$/u;

const travel: KeyedRule = {
  kind: 'city',
  standalone: true,
  pattern: new RegExp(
    '(?:[Oo]riginally from|[Hh]ere from|[Ff]lew (?:in )?(?:to|from)|[Ff]lying (?:in )?(?:to|from)|[Tt]ravell?ing to|[Tt]ravell?ed to|' +
      "I['’]m in|I am in|[Ww]e['’]re in|[Aa]rrived (?:in|at)|[Bb]ased in|[Hh]ome ?(?:city|town)(?: of)?|[Rr]eturned to|[Mm]oving to|[Cc]oming to) " +
      `(?<value>${PLACE})${CLAUSE_END}`,
    'yu',
  ),
  accept: (value, text, start) => {
    const first = value.split(/[ -]/)[0];
    if (NOT_PLACES.test(first) || allCodeWords(value) || isCountryName(value)) return false;
    // `returned to`, `moving to`, `coming to` take code too (`moving to React`): only a person's, after I, we, he, she, they or a title.
    // So does `based in`: a company is based somewhere too (`Coden is a design agency based in Naantali`), which is no one's whereabouts.
    const cue = text.slice(Math.max(0, start - 40), start);
    const verb = /(?:(?:[Rr]eturned|[Mm]oving|[Cc]oming) to|[Bb]ased in) $/;
    return !verb.test(cue) || PERSON_BEFORE.test(cue.replace(verb, ''));
  },
};

/** The keywords of these, for the one keyword scan of personal data (pii-personal.ts). */
export const travelKeywords: KeywordTable = [
  {
    words: [
      'originally from', 'here from', 'flew to', 'flew from', 'flew in', 'flying to', 'flying from', 'flying in', 'travelling to',
      'traveling to', 'travelled to', 'traveled to', "i'm in", 'i’m in', 'i am in', "we're in", 'we’re in', 'arrived in', 'arrived at',
      'based in', 'home city', 'home town', 'hometown', 'home city of', 'home town of', 'hometown of', 'returned to',
      'moving to', 'coming to',
    ],
    rule: travel,
    sources: [
      'originally from ', 'here from ', 'flew (?:in )?(?:to|from) ', 'flying (?:in )?(?:to|from) ', 'travell?(?:ing|ed) to ', "i['’]m in ",
      'i am in ', "we['’]re in ", 'arrived (?:in|at) ', 'based in ', 'home ?(?:city|town)(?: of)? ', 'returned to ', 'moving to ', 'coming to ',
    ],
  },
];
