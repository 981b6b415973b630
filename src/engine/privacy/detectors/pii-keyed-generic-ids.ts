import { anyCase, NUMBER_WORD, SEP, type KeyedRule, type KeywordTable } from '../keyed-scan';
import { escapeRegExp } from '../../text/escape-regexp';

// A person's identity card or tax number named by its key, for the countries and forms no rule
// of its own knows (`ID card number: XK482931`, `Her national ID number is 750312-5582`,
// `Steuernummer: 123/456/78901`): without a format to check, only the key says what it is, so the
// key must name a person's document, and the value must read as a document's number: digits
// (five or more, not one repeated) with capitals and the separators such numbers are printed with.

/** Capitals and digits, with single spaces, dots, dashes or slashes between groups. */
const DOCUMENT_NUMBER = '(?<value>[A-Z0-9](?:[A-Z0-9]|[ ./-](?=[A-Z0-9])){4,24})(?![\\w-]|\\.\\w)';

/** A document's number, not a word, a date, a version or a run of one digit. */
function documentNumber(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  if (digits.length < 5 || /^(\d)\1+$/.test(digits) || (value.match(/[ ./-]/g) ?? []).length > 4) return false;
  // `2024-01-31`, `31.01.2024`, `1.2.3`: dates and versions.
  return !/^\d{4}[-./]\d{1,2}[-./]\d{1,2}$|^\d{1,2}[-./]\d{1,2}[-./]\d{2,4}$|^\d+(?:\.\d+){1,3}$/.test(value);
}

/** Keys that name an identity document or a national number, in English and the languages of the other keyed rules. */
const ID_WORDS = [
  'id card', 'identity card', 'national id', 'national identity', 'national identification', 'identity number', 'identification number',
  'id number', 'citizen id', 'personal id', 'personal identity code', 'personal number', 'resident id', 'residence permit',
  'personalausweis', 'ausweisnummer', 'ausweis', "carte d'identité", 'numéro national', 'documento de identidad', 'cédula', 'cedula',
  "carta d'identità", 'dowód osobisty', 'numer dowodu', 'identiteitskaart', 'rijksregisternummer',
  'voter id', 'military id', 'aufenthaltsgenehmigung', 'aufenthaltstitel', 'wählerausweis', 'militärausweis',
  // Identity numbers by their names in Spanish-speaking America, Indonesia, Mauritius, Latvia, Finland, Portugal and Brazil.
  'dni', 'número de identidad', 'numero de identidad', 'nik', 'nid', 'personas kods', 'henkilötunnus', 'cartão de cidadão', 'cpf',
];

/**
 * Keys that name a number an employer, a school, an insurer or an agency keeps on one person (`employee number`,
 * `student ID`, `policy number`, `benefit card`, `professional license`, `Mitarbeiternummer`): identifiers in HR,
 * school and claims records. The value must read as a document's number as above (`EMP-67890`, `B11223344`), so
 * `employee_id: id` or `policy_number: 3` in code stays.
 */
const RECORD_WORDS = [
  'employee number', 'employee id', 'staff number', 'staff id', 'personnel number', 'student number', 'student id', 'matriculation number',
  'insurance policy', 'policy number', 'policy no', 'member id', 'membership number', 'benefit card', 'benefits card', 'professional license',
  'professional licence', 'mitarbeiternummer', 'personalnummer', 'matrikelnummer', 'studentenausweis', 'versicherungspolice',
  'versicherungsnummer', 'sozialhilfekarte', 'berufslizenz', 'insurance number', 'insurance id', 'insurance code', 'policyholder id',
];

/** Keys that name a person's or a company's tax number (the US EIN and TIN shapes, the Australian TFN have rules of their own). */
const TAX_WORDS = [
  'tax number', 'tax no', 'tax code', 'tax reference', 'tax id', 'taxpayer number', 'vat number', 'vat id', 'vat no', 'vat reg no',
  'steuernummer', 'steuer-id', 'steuer-idnr', 'steueridentifikationsnummer', 'idnr', 'ust-idnr', 'utr', 'numéro fiscal',
  'codice fiscale', 'partita iva', 'número de identificación fiscal', 'btw-nummer', 'numer nip',
  // A TIN of another shape than the US one (the Philippines' `000-123-456-000`; the EIN rule takes `12-3456789` first),
  // and the German tax office's abbreviation on forms and invoices (`St.-Nr. 123/456/78901`).
  'tin', 'taxpayer identification number', 'taxpayer id', 'st.-nr', 'st.nr', 'steuer-nr',
];

/** The pattern after any of `words` in any case: the key, `no.`/`number`, a separator or `is`, then the number in capitals. */
function afterKey(words: readonly string[]): RegExp {
  const keys = [...words].sort((a, b) => b.length - a.length).map((w) => anyCase(escapeRegExp(w)).replace(/ /g, '[ _-]?'));
  return new RegExp(`(?:${keys.join('|')})${NUMBER_WORD}${SEP}${DOCUMENT_NUMBER}`, 'y');
}

const idDocument: KeyedRule = { kind: 'national_id', standalone: true, pattern: afterKey(ID_WORDS), accept: documentNumber };
const personalRecord: KeyedRule = {
  kind: 'record_number',
  standalone: true,
  pattern: afterKey(RECORD_WORDS),
  // `national insurance number` is the UK NINO's key, whose rule checks its prefix (`UV 98 76 54 B` is none).
  accept: (value, text, start) => documentNumber(value) && !/national[ _-]?insurance/i.test(text.slice(Math.max(0, start - 40), start)),
};
/**
 * The Philippines' TIN (`000-123-456-000`: nine digits, the ninth a check digit, weights 9 to 2 modulo 11, then a
 * branch code): after `TIN`, a number of that shape is held to its check, as checksums decide where a format has one.
 */
function phTinHolds(value: string, text: string, start: number): boolean {
  if (!/^\d{3}-\d{3}-\d{3}(?:-\d{3})?$|^\d{12}$/.test(value) || !/\b(?:tin|taxpayer)\b/i.test(text.slice(Math.max(0, start - 40), start))) return true;
  const d = value.replace(/\D/g, '');
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(d[i]) * (9 - i);
  return sum % 11 === Number(d[8]);
}

const taxNumber: KeyedRule = {
  kind: 'tax_number',
  standalone: true,
  pattern: afterKey(TAX_WORDS),
  // The US shapes (`123-45-6789`, `12-3456789`) are the SSN, ITIN and EIN rules' to check, and to refuse.
  accept: (value, text, start) => documentNumber(value) && !/^\d{3}-\d{2}-\d{4}$|^\d{2}-\d{7}$/.test(value) && phTinHolds(value, text, start),
};

/** The keywords of these, for the one keyword scan of personal data (pii-personal.ts); after the rules of known formats. */
export const genericIdKeywords: KeywordTable = [
  { words: ID_WORDS, rule: idDocument },
  { words: TAX_WORDS, rule: taxNumber },
  { words: RECORD_WORDS, rule: personalRecord },
];
