import { namedOnLine } from '../checks';
import type { Detector } from '../detector';
import * as check from '../national-id-checks';
import { rrnChecked } from './pii-national-ids-world';
import { findInNumericRuns, type NumericRule } from '../numeric-runs';

// Personal numbers of countries the other national-id detectors do not know: Switzerland's AHV/AVS,
// Bulgaria's EGN, Denmark's CPR, Estonia's and Lithuania's personal codes, Norway's fødselsnummer,
// Iceland's kennitala, Croatia's OIB, the Czech and Slovak rodné číslo, Romania's CNP, Slovenia's
// EMŠO, Ireland's PPS, Israel's Teudat Zehut, Japan's My Number, Ukraine's РНОКПП, Austria's social
// insurance number, Belgium's national register and BIS numbers, Malaysia's MyKad and Pakistan's
// CNIC. A check digit (or a birth date) passes a run of digits one time in ten by chance, so each
// must also be named on its line, in the country's words or in English, as forms and records name
// them. The dotted AHV number (`756.1234.5678.97`) is its own label: 756 is Switzerland's code.

const B = '(?<![\\w.+/-])';
const E = '(?![\\w/-]|\\.\\d)';

/** A rule: the number's shape, the words one of which must precede it on its line, and its check. */
function named(kind: string, minDigits: number, shape: string, words: RegExp, valid: (value: string) => boolean): NumericRule {
  return {
    kind,
    minDigits,
    pattern: new RegExp(`${B}(?:${shape})${E}`, 'g'),
    accept: (value, text, start) => valid(value) && namedOnLine(text, start, words),
  };
}

/** A PPS number's letters close the numeric run: the match must not go on as a word past the run's window. */
const ppsEnds = (value: string, text: string, start: number) => !/[\w-]/.test(text[start + value.length] ?? '');

const rules: NumericRule[] = [
  { kind: 'ch_ahv', minDigits: 13, pattern: new RegExp(`${B}756\\.\\d{4}\\.\\d{4}\\.\\d{2}${E}`, 'g'), accept: check.ahvValid },
  named(
    'ch_ahv', 13, '756 ?\\d{4} ?\\d{4} ?\\d{2}',
    /\b(?:ahv|avs|ahvn?13|avs13|sozialversicherung|versicherten|num[ée]ro d'assur|social security)/i, check.ahvValid,
  ),
  named('bg_egn', 10, '\\d{6} ?\\d{3} ?\\d', /(?:\begn\b|ЕГН|единен граждански номер)/i, check.egnValid),
  named('dk_cpr', 10, '\\d{6}-?\\d{4}', /\bcpr\b|cpr-n/i, check.cprValid),
  named('ee_personal_code', 11, '\\d{11}', /isikukood|personal (?:identification )?code/i, check.balticCodeValid),
  named('lt_personal_code', 11, '\\d{11}', /asmens kod/i, check.balticCodeValid),
  named(
    'no_fodselsnummer', 11, '\\d{6}[ -]?\\d{5}|\\d{2}([ .-])\\d{2}\\1\\d{2}[ .-](?:\\d{5}|\\d{2} \\d{3})',
    /f[øo]dselsn|personnummer|\bfnr\b|d-nummer/i, check.fodselsnummerValid,
  ),
  named('is_kennitala', 10, '\\d{6}-?\\d{4}', /kennitala|\bkt\b/i, check.kennitalaValid),
  named('hr_oib', 11, '\\d{11}', /\boib\b/i, check.iso7064Mod1110),
  named('cz_birth_number', 9, '\\d{6} ?/? ?\\d{3,4}', /rodn[ée] [čc][íi]sl|\br\. ?[čc]\.|birth number/i, check.rodneCisloValid),
  named('ro_cnp', 13, '[1-9]\\d{12}', /\bcnp\b|cod numeric personal/i, check.cnpValid),
  named('si_emso', 13, '\\d{13}', /em[šs]o\b/i, check.emsoValid),
  {
    kind: 'ie_pps', minDigits: 7,
    pattern: new RegExp(`${B}\\d{7}[A-Wa-w][ABHWTXabhwtx]?(?![\\w-])`, 'g'),
    accept: (value, text, start) => ppsEnds(value, text, start) && check.ppsValid(value) && namedOnLine(text, start, /\bppsn?\b|personal public service/i),
  },
  named('il_id', 7, '\\d{7,8}-?\\d', /teudat|zehut|ת\.ז|תעודת זהות|מספר זהות|israeli id/i, check.israeliIdValid),
  named('jp_my_number', 12, '\\d{4} ?\\d{4} ?\\d{4}', /my ?number|マイナンバー|個人番号|individual number/i, check.myNumberValid),
  named('ua_rntrc', 10, '\\d{10}', /рнокпп|іпн|инн|ідентифікаційн|идентификационн|rnokpp/i, check.rntrcValid),
  named('at_social_security', 10, '\\d{4} ?\\d{6}', /sozialversicherung|sv-?n(?:umme)?r|\bsvnr\b|versicherungsnummer/i, check.austrianSvnrValid),
  named(
    'be_national_number', 11, '\\d{2}[ .]?\\d{2}[ .]?\\d{2}[ .-]?\\d{3}[ .]?\\d{2}',
    /\bbis\b|rijksregister|num[ée]ro national|national (?:register )?number|\binsz\b|\bniss\b|registre national/i, check.belgianNumberValid,
  ),
  named('my_nric', 12, '\\d{6}-?\\d{2}-?\\d{4}', /\bnric\b|mykad|\bic\b|kad pengenalan/i, check.myKadValid),
  // France's NIR run together (pii-national-ids.ts takes it anywhere in its printed groups).
  named('fr_nir', 15, '[12]\\d{14}', /\bnir\b|s[ée]curit[ée] sociale|\binsee\b|num[ée]ro de s[ée]cu|social security/i, check.nirRunTogetherValid),
  // A Korean RRN without its dash, named in Korean (pii-keyed-world.ts reads it after `RRN`).
  named('kr_rrn', 13, '\\d{13}', /주민등록번호|주민번호/, rrnChecked),
  named('pk_cnic', 13, '[1-7]\\d{4}-?\\d{7}-?\\d', /\bcnic\b|\bnic\b|national identity card/i, check.cnicValid),
];

/** Checked personal numbers of Switzerland, Bulgaria, Denmark, the Baltics, the Nordics, Central Europe, Ireland, Israel, Japan and more. */
export const europeNationalIdDetector: Detector = {
  name: 'pii-national-ids-europe',
  kinds: [...new Set(rules.map((r) => r.kind))],
  priority: 50,
  find: (text) => findInNumericRuns(rules, text),
};
