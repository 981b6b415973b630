import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import type { Finding } from '../detector';
import { insideIban } from '../checks';
import { runsOf } from '../numeric-runs';
import { budgetedCheck, validSomewhere } from './pii-phones-labelled';

// International numbers in the layouts people, forms and CRMs really write, beyond the plain `+44 20 7946 0958`:
// the trunk 0 kept in parentheses (`+44 (0)20 7946 0958`, `+33(0)6 44 44 44 44`), `00` and the country code apart or
// run together with the number (`00 49 176 12345678`, `0049176 12345678`, `00491731234567`), the country code in
// parentheses then the area code in its own (`(+55)(15)3702-7523`), a German slash after the area code
// (`+49 176/12345678`, `0176/12345678`), a mobile of eleven digits in one group (`+86 18911111111`). Loose shapes need
// a strict check: libphonenumber-js must find the number *valid* (a number range in service for its type), not
// only of a possible length.

type Out = Array<Omit<Finding, 'priority'>>;

/** True when `value` (with `+`, `00`, `(+CC)` or `(00CC)` before it) is a valid number of its country code. */
export function validInternational(value: string): boolean {
  const v = value
    .replace(/^\((?:\+|00)(\d{1,3})\)/, '+$1 ')
    .replace(/^00 ?/, '+')
    .replace(/^\+ /, '+')
    .replace(/\(0\)/g, ' ')
    .replace(/\//g, ' ');
  const digits = v.replace(/\D/g, '').length;
  if (digits < 8 || digits > 15) return false;
  return parsePhoneNumberFromString(v)?.isValid() ?? false;
}

/** Countries that dial a trunk 0 before the area code and write it apart with `/` or a spaced dash (`0176/12345678`, `010 - 123 45 67`). */
const SLASH_COUNTRIES: CountryCode[] = ['DE', 'AT', 'CH', 'NL', 'BE', 'FR', 'IT', 'GB', 'CN'];

/** A national number with its trunk 0 that is valid in one of the countries above. */
export function validTrunkNational(value: string, countries: readonly CountryCode[] = SLASH_COUNTRIES): boolean {
  const v = value.replace(/\//g, ' ');
  const digits = v.replace(/\D/g, '').length;
  if (digits < 9 || digits > 12) return false;
  return countries.some((country) => parsePhoneNumberFromString(v, country)?.isValid() ?? false);
}

// Where an international number opens: `+`, `+ `, `(+`, `(00`, `00`, `00 `, then a country code's first digit. Not after
// a word character, a closing bracket, a dot, a slash or a dash (an id's part, a path, a version, an arithmetic `x+12`).
const OPENING = /(?<![\w+)\].\/-])(?:\+ ?|\(\+|\(00|00 ?)[1-9]/g;
// What may follow the opening: digits, spaces, dots, dashes, slashes and parentheses, on one line.
const BODY = /[\d ().\/-]{0,32}/y;
// A number does not run on into a word, a decimal or another digit group (`…5678x12` is an extension, kept apart).
const GLUED_AFTER = /[0-9A-Za-wyz_+]|[.\/-]\d/y;

/** Ends at which a candidate may stop: after each run of digits, longest first. */
function digitRunEnds(text: string, start: number, end: number): number[] {
  const ends: number[] = [];
  for (let i = end; i > start; i--) {
    const c = text.charCodeAt(i - 1);
    if (c >= 48 && c <= 57 && !(text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57 && i < end)) ends.push(i);
  }
  return ends;
}

/**
 * A hexdump or a list of small numbers (`00 44 20 79 46 09 58`) is not a number dialled with `00`: after `00` every group
 * is of two digits or fewer.
 */
function smallGroupsAfterDoubleZero(value: string): boolean {
  if (!value.startsWith('00') && !value.startsWith('(00')) return false;
  const groups = value.replace(/^\(?00/, '').match(/\d+/g) ?? [];
  return groups.length >= 4 && groups.every((g) => g.length <= 2);
}

/**
 * International numbers in looser layouts, found from their opening inside the numeric runs; each candidate is tried
 * at its longest and then shorter at the end of each digit group (a list `+49 176 12345678 / 030 1234567` holds two),
 * at most four ends, and at most 32 checks plus one per KB of text.
 */
export function findInternationalLayouts(text: string): Out {
  const out: Out = [];
  let budget = 32 + (text.length >> 10);
  for (const run of runsOf(text)) {
    if (run.digits < 8) continue;
    const from = Math.max(0, run.start - 1);
    const window = text.slice(from, run.end);
    OPENING.lastIndex = 0;
    for (let m = OPENING.exec(window); m !== null && budget > 0; m = OPENING.exec(window)) {
      const start = from + m.index;
      // The digits of an IBAN that failed its check (`CH65 0023 0230 …`) are no number of their own.
      if (start > 4 && insideIban(text, start)) continue;
      BODY.lastIndex = start + m[0].length;
      BODY.exec(text);
      const limit = Math.min(BODY.lastIndex, start + 32);
      let tries = 0;
      for (const end of digitRunEnds(text, start, limit)) {
        if (tries++ === 4 || budget <= 0) break;
        GLUED_AFTER.lastIndex = end;
        if (GLUED_AFTER.test(text)) continue;
        const value = text.slice(start, end);
        if (smallGroupsAfterDoubleZero(value)) break;
        budget--;
        if (validInternational(value)) {
          out.push({ kind: 'phone', start, end });
          OPENING.lastIndex = end - from;
          break;
        }
      }
    }
  }
  return out;
}

/** `0176/12345678`, `0176/ 12345678`, `0176 -12345678`, `010 - 123 45 67`: a trunk-0 area code, then `/` or a spaced dash. */
const SLASHED_NATIONAL = /(?<![\w+.\/-])(?:\(0\d{1,5}\)|0\d{1,5}) ?(?:\/ ?|- | -)\d{3,9}(?:[ -]\d{2,4}){0,3}(?![0-9A-Za-wyz_.\/-]?\d)/g;
/** `0176 12345678`: twelve digits with the trunk 0, one space after the area code (a German mobile); one run of digits past the shapes above. */
const TWELVE_DIGITS = /(?<![\w+.\/-]|\d )0\d{2,4} \d{6,9}(?![0-9A-Za-wyz_.\/-]?\d| \d)/g;

/**
 * National numbers with a slash or a spaced dash after the trunk-0 area code, and those of twelve digits with a space after
 * it, valid in a country that writes them so. Each check tries several countries: bounded by budgetedCheck (a megabyte of
 * `0176/ 123 010 - 12` took seconds without the bound).
 */
export function findSlashedNationals(text: string): Out {
  const out: Out = [];
  const valid = budgetedCheck(text, (value) => validTrunkNational(value));
  for (const run of runsOf(text)) {
    if (run.digits < 9) continue;
    const from = Math.max(0, run.start - 1);
    const window = text.slice(from, Math.min(text.length, run.end + 2));
    for (const re of [SLASHED_NATIONAL, TWELVE_DIGITS]) {
      re.lastIndex = 0;
      for (let m = re.exec(window); m !== null; m = re.exec(window)) {
        if ((re === TWELVE_DIGITS && m[0].length !== 13) || (from + m.index > 4 && insideIban(text, from + m.index))) continue;
        const ok = valid(m[0]);
        if (ok === undefined) return out;
        if (ok) out.push({ kind: 'phone', start: from + m.index, end: from + m.index + m[0].length });
      }
    }
  }
  return out;
}

/**
 * Words for a phone in scripts the keyword scan (Latin letters only) does not read: Chinese and Japanese (`电话`, `手机号`,
 * `傳真`, `電話番号`), Korean (`전화번호`), Hindi (`फोन नंबर`).
 */
const LABEL = /(?:电话|電話|手机|手機|传真|傳真|전화|फोन|फ़ोन)(?:号码|號碼|号|號|番号|번호| नंबर)?(?:是|为|為|は|는)?[ \t]{0,2}[:：]?[ \t]{0,2}/y;
const VALUE = /\+?\(?\d[\d ().-]{5,22}\d|\d{7,8}/y;
const HINTS = ['电话', '電話', '手机', '手機', '传真', '傳真', '전화', 'फोन', 'फ़ोन'];
const EAST_ASIA: CountryCode[] = ['CN', 'TW', 'HK', 'JP', 'KR', 'IN'];

/** A number after a word for a phone in these scripts: valid nationally (with or without its trunk 0) or internationally. */
export function findPhonesAfterWorldLabels(text: string): Out {
  const out: Out = [];
  for (const hint of HINTS) {
    let budget = 32 + (text.length >> 10);
    for (let at = text.indexOf(hint); at !== -1 && budget-- > 0; at = text.indexOf(hint, at + hint.length)) {
      LABEL.lastIndex = at;
      if (!LABEL.exec(text)) continue;
      VALUE.lastIndex = LABEL.lastIndex;
      const m = VALUE.exec(text);
      if (!m || /\d/.test(text[VALUE.lastIndex] ?? '')) continue;
      // An extension after a dash (`010-65980408-8001`) is part of the number when the number before it is valid.
      const core = m[0].replace(/-\d{1,5}$/, '');
      if (validLabelled(m[0]) || (core !== m[0] && validLabelled(core))) out.push({ kind: 'phone', start: m.index, end: m.index + m[0].length });
    }
  }
  return out;
}

/** What the Latin-script label rule accepts (pii-phones-labelled.ts), and a local number or a trunk-0 number of East Asia or India. */
function validLabelled(value: string): boolean {
  if (/^\d{7,8}$/.test(value)) return !/^(\d)\1+$/.test(value); // a local number, as a label writes it in mainland China
  if (/^\+|^\(\+|^00/.test(value)) return validInternational(value);
  return validSomewhere(value) || EAST_ASIA.some((country) => parsePhoneNumberFromString(value, country)?.isValid() ?? false);
}
