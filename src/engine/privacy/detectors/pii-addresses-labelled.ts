import { anyCase, capitalisedOrNot, J, type KeyedRule, type KeywordTable } from '../keyed-scan';
import { allCodeWords } from './code-words';

// A postal address named by its key or label (`"address": "Strada Betta 1"`, `Anschrift: …`,
// `Shipping address: 3056 Rua Macedo, Reis do Norte - PI, 92862-942`): the label says it is an
// address, so the value is taken whole, whatever its street words or its country's layout. Code
// calls many other things an address (IP, email, memory, wallet): the value must read as a postal
// one (a house number and a capitalised word, none of the characters of hosts, pointers or code).

/** `address` in German, French, Spanish, Italian, Portuguese, Dutch, Polish and Swedish. */
const ADDRESS_WORDS_WORLD = ['anschrift', 'adresse', 'dirección', 'direccion', 'indirizzo', 'endereço', 'morada', 'adres', 'adress', 'domicilio'];

/** What a key may put around `address`: `address_line_1`, `addressLine2`, `street_address`, `address1`. */
const LINE = `(?:${J}${anyCase('line')})?${J}[12]?`;

/** Keys where `address` names a host, a mailbox, a wallet or memory, not where someone lives. */
const OTHER_ADDRESS = new RegExp(
  '(?:e-?mail|ip|ipv[46]|mac|hw|wallet|server|remote|local|bind|listen|host|web|memory|mem|base|return|contract|sender|reply|' +
    'bitcoin|btc|eth|public|mail|proxy|gateway|peer|node|socket|network|net|dns|broadcast|physical|virtual|load|target|source|' +
    'src|dst|dest|destination|inet|link|token|deposit|sip|url|web3)[ _-]?' +
    `(?:address|addr)(?:[ _-]?line)?[ _-]?[12]?["'\`]?[ \\t]{0,3}[:=][ \\t]{0,3}["'\`]?$`,
  'i',
);

/**
 * The value, to its line's end or closing quote: no characters of code, URLs, hosts or mailboxes
 * (`@ : = ( ) { } < > $ \`). A class that excludes its own terminators, so it is read once.
 */
const VALUE = "[^\\r\\n\"'`<>{}\\[\\]()|@\\\\=;:$%*+!?]{4,120}";

/** A house number standing alone (`12`, `65c`, `4/7`, `84/92`, `s/n`) and a capitalised word of three letters or more. */
const HOUSE_NUMBER = /(?:^|[\s,.])(?:\d{1,5}[a-zA-Z]?(?:[/-]\d{1,4}[a-zA-Z]?)?|s\/n)(?=$|[\s,.])/;
const PLACE_WORD = /\p{Lu}\p{Ll}{2,}/u;
/** Form labels, placeholders and text about an address rather than one: `Address line 2`, `Enter your street 1`. */
const NOT_AN_ADDRESS = /\b(?:address|addr|line|enter|your|please|optional|required|invalid|example|must|should|todo|version|port)\b/i;
/** Hosts, versions and dotted numbers: `10.0.0.1`, `1.2.3`. */
const DOTTED_NUMBERS = /\d\.\d/;

function postalValue(value: string, text: string, start: number): boolean {
  if (!HOUSE_NUMBER.test(value) || !PLACE_WORD.test(value) || NOT_AN_ADDRESS.test(value) || DOTTED_NUMBERS.test(value)) return false;
  if (value.split(/\s+/).length > 14 || allCodeWords(value)) return false;
  // The key itself: not `email_address`, `ip_addr`, `walletAddress`.
  const line = text.slice(Math.max(0, start - 60), start).split('\n').pop()!;
  return !OTHER_ADDRESS.test(line);
}

const labelledAddress: KeyedRule = {
  kind: 'street_address',
  pattern: new RegExp(
    `(?:${anyCase('address')}|${anyCase('addr')}|${anyCase('street')})${LINE}` +
      `["'\`]?[ \\t]{0,3}(?:[:=]|[ \\t][iI][sS][ \\t])[ \\t]{0,3}["'\`]?` +
      // Trailing spaces, dots and commas stay outside: `Address: 5 Elm Rd.` keeps its full stop.
      `(?<value>${VALUE}?[^\\s.,"'\`])(?=[ \\t.,]{0,3}(?:["'\`\\r\\n;]|$))`,
    'yu',
  ),
  accept: postalValue,
};

const labelledAddressWorld: KeyedRule = {
  ...labelledAddress,
  pattern: new RegExp(
    `(?:${capitalisedOrNot(ADDRESS_WORDS_WORLD)})${LINE}["'\`]?[ \\t]{0,3}[:=][ \\t]{0,3}["'\`]?` +
      `(?<value>${VALUE}?[^\\s.,"'\`])(?=[ \\t.,]{0,3}(?:["'\`\\r\\n;]|$))`,
    'yu',
  ),
};

/** The keywords of these, for the one keyword scan of personal data (pii-personal.ts). */
export const addressKeywords: KeywordTable = [
  { words: ['address', 'addr', 'street'], rule: labelledAddress },
  { words: ADDRESS_WORDS_WORLD, rule: labelledAddressWorld },
];
