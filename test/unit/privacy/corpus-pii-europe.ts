import { R, type Case, type Negative } from './corpus-helpers';

// Personal numbers of Switzerland, Bulgaria, Denmark, the Baltics, Norway, Iceland, Croatia, Czechia,
// Romania, Slovenia, Ireland, Israel, Japan, Ukraine, Austria, Belgium, Malaysia and Pakistan,
// courtesy titles of French, German, Italian, Spanish and Dutch, and national phone numbers after
// `Tel.`. Every number is made up here from digits chosen for the test, its check digit computed by
// the small functions below (written from the issuers' descriptions, apart from the code under
// test); the look-alikes break the check or drop the word that names the number.

const num = (s: string) => s.split('').map(Number);
const dot = (w: number[], d: number[]) => w.reduce((s, x, i) => s + x * d[i], 0);
/** The last digit bumped by one: the same shape with its check broken. */
const bump = (s: string) => s.slice(0, -1) + String((Number(s.slice(-1)) + 1) % 10);

const ean13 = (twelve: string) => twelve + String((10 - (num(twelve).reduce((s, x, i) => s + x * (i % 2 ? 3 : 1), 0) % 10)) % 10);
const ahvDotted = (n: string) => `${n.slice(0, 3)}.${n.slice(3, 7)}.${n.slice(7, 11)}.${n.slice(11)}`;
const egn = (nine: string) => nine + String((dot([2, 4, 8, 5, 10, 9, 7, 3, 6], num(nine)) % 11) % 10);
function baltic(ten: string): string {
  let c = dot([1, 2, 3, 4, 5, 6, 7, 8, 9, 1], num(ten)) % 11;
  if (c === 10) c = (dot([3, 4, 5, 6, 7, 8, 9, 1, 2, 3], num(ten)) % 11) % 10;
  return ten + c;
}
const mod11 = (w: number[], s: string) => (11 - (dot(w, num(s)) % 11)) % 11;
function fodselsnummer(nine: string): string {
  const k1 = mod11([3, 7, 6, 1, 8, 9, 4, 5, 2], nine);
  return nine + k1 + mod11([5, 4, 3, 2, 7, 6, 5, 4, 3, 2], nine + k1);
}
const kennitala = (eight: string, century: string) => eight + mod11([3, 2, 7, 6, 5, 4, 3, 2], eight) + century;
function oib(ten: string): string {
  let p = 10;
  for (const x of num(ten)) p = (((x + p) % 10 || 10) * 2) % 11;
  return ten + ((11 - p) % 10);
}
const rodneCislo = (nine: string) => nine + String((11 - ((Number(nine) * 10) % 11)) % 11);
function cnp(twelve: string): string {
  const rest = dot([2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9], num(twelve)) % 11;
  return twelve + (rest === 10 ? 1 : rest);
}
const emso = (twelve: string) => twelve + mod11([7, 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2], twelve);
const pps = (seven: string) => seven + 'WABCDEFGHIJKLMNOPQRSTUV'[dot([8, 7, 6, 5, 4, 3, 2], num(seven)) % 23];
function luhnPadded(eight: string): string {
  for (let c = 0; c < 10; c++) {
    const d = num(eight + c);
    const sum = d.reduce((s, x, i) => s + (i % 2 ? (x * 2 > 9 ? x * 2 - 9 : x * 2) : x), 0);
    if (sum % 10 === 0) return eight + c;
  }
  return eight;
}
function myNumber(eleven: string): string {
  const r = dot([6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 2], num(eleven)) % 11;
  return eleven + (r <= 1 ? 0 : 11 - r);
}
const rntrc = (nine: string) => nine + String((((dot([-1, 5, 7, 9, 4, 6, 10, 5, 7], num(nine)) % 11) + 11) % 11) % 10);
/** Austria: serial (three digits), the check digit in fourth place, then the birth date. */
const svnrAt = (serial: string, date: string) => serial + String(dot([3, 7, 9, 0, 5, 8, 4, 2, 1, 6], num(`${serial}0${date}`)) % 11) + date;
const nir = (thirteen: string) => thirteen + String(97n - (BigInt(thirteen) % 97n)).padStart(2, '0');
const bis = (nine: string) => nine + String(97 - (Number(nine) % 97)).padStart(2, '0');

const ahv = ean13('756482910375');
const cpr = '120389-4721';
const nor = fodselsnummer('150386459');
const rc = rodneCislo('855312482');
const romanian = cnp('185031240123');

/** Positive rows: each number under the words its country's forms use, and titled names. */
export const piiEuropeCases: Case[] = [
  ['ch ahv: dotted, anywhere', `Versicherter ${ahvDotted(ahv)} seit 2019`, `Versicherter ${R('ch_ahv')} seit 2019`],
  ['ch ahv: bare after AHV-Nr.', `AHV-Nr.: ${ahv}`, `AHV-Nr.: ${R('ch_ahv')}`],
  ['ch ahv: spaced after N° AVS', `N° AVS ${ahv.slice(0, 3)} ${ahv.slice(3, 7)} ${ahv.slice(7, 11)} ${ahv.slice(11)}`, `N° AVS ${R('ch_ahv')}`],
  ['bg egn in Cyrillic', `ЕГН: ${egn('754312123')}`, `ЕГН: ${R('bg_egn')}`],
  ['dk cpr', `CPR-nr.: ${cpr}`, `CPR-nr.: ${R('dk_cpr')}`],
  ['ee isikukood', `isikukood ${baltic('3850312012')}`, `isikukood ${R('ee_personal_code')}`],
  ['lt asmens kodas', `Asmens kodas: ${baltic('4900715023')}`, `Asmens kodas: ${R('lt_personal_code')}`],
  ['no fødselsnummer, spaced as printed', `Fødselsnummer: ${nor.slice(0, 6)} ${nor.slice(6)}`, `Fødselsnummer: ${R('no_fodselsnummer')}`],
  ['is kennitala', `kennitala ${kennitala('03058249', '9')}`, `kennitala ${R('is_kennitala')}`],
  ['hr oib', `OIB: ${oib('6931875204')}`, `OIB: ${R('hr_oib')}`],
  ['cz rodné číslo with its slash', `Rodné číslo: ${rc.slice(0, 6)}/${rc.slice(6)}`, `Rodné číslo: ${R('cz_birth_number')}`],
  ['ro cnp', `CNP ${romanian}`, `CNP ${R('ro_cnp')}`],
  ['si emšo', `EMŠO: ${emso('120398550513')}`, `EMŠO: ${R('si_emso')}`],
  ['ie pps', `my PPS number is ${pps('4812736')}`, `my PPS number is ${R('ie_pps')}`],
  ['il teudat zehut', `Teudat Zehut ${luhnPadded('04823917')}`, `Teudat Zehut ${R('il_id')}`],
  ['jp my number in Japanese', `個人番号: ${myNumber('48207361952')}`, `個人番号: ${R('jp_my_number')}`],
  ['ua rntrc in Cyrillic', `РНОКПП ${rntrc('304817265')}`, `РНОКПП ${R('ua_rntrc')}`],
  ['at social insurance number', `Sozialversicherungsnummer: ${svnrAt('482', '120385')}`, `Sozialversicherungsnummer: ${R('at_social_security')}`],
  ['be bis number, month + 40', `BIS-nummer ${bis('854312482')}`, `BIS-nummer ${R('be_national_number')}`],
  ['fr nir run together under its name', `N° de sécurité sociale : ${nir('2920375120047')}`, `N° de sécurité sociale : ${R('fr_nir')}`],
  ['my mykad', 'MyKad: 850312-14-5021', `MyKad: ${R('my_nric')}`],
  ['pk cnic', 'CNIC 35202-4829173-5', `CNIC ${R('pk_cnic')}`],
  ['fr title M. before a surname', 'Le dossier de M. Dupré est complet.', `Le dossier de M. ${R('person_name')} est complet.`],
  ['de title Frau', 'Sehr geehrte Frau Köhlbrand, vielen Dank.', `Sehr geehrte Frau ${R('person_name')}, vielen Dank.`],
  ['de title Herr with a given name', 'Herr Matthias Brenner hat angerufen.', `Herr ${R('person_name')} hat angerufen.`],
  ['it title Sig.ra', 'Gentile Sig.ra Lombardini, la contattiamo.', `Gentile Sig.ra ${R('person_name')}, la contattiamo.`],
  ['es title Sra.', 'Estimada Sra. Villanueva: le escribimos.', `Estimada Sra. ${R('person_name')}: le escribimos.`],
  ['phone after Tel. with its dot, no trunk 0', 'Tel. 912 345 678', `Tel. ${R('phone')}`],
  ['phone grouped from a lone first digit', 'Mobile: 6 71 23 45 67', `Mobile: ${R('phone')}`],
  ['it title in lower case mid-sentence', 'Il sig. Lombardini ha chiamato.', `Il sig. ${R('person_name')} ha chiamato.`],
  ['fr birth date after née le', 'née le 12 mars 1985 à Lyon', `née le ${R('date_of_birth')} à Lyon`],
  ['fr driving licence after n°', 'permis de conduire n° 12AB34567', `permis de conduire n° ${R('drivers_license')}`],
  ['nl title Mevr. with a particle', 'Geachte Mevr. van der Berg,', `Geachte Mevr. ${R('person_name')},`],
];

/** Negative rows: the same shapes with their check broken or no word naming them, and abbreviations that are no titles. */
export const piiEuropeLookalikes: Negative[] = [
  ['ch ahv: dotted, check digit broken', `Versicherter ${ahvDotted(bump(ahv))} seit 2019`],
  ['ch ahv-shaped barcode in code, no name on its line', `const barcode = ${ahv};`],
  ['no fødselsnummer, check broken', `Fødselsnummer: ${bump(nor)}`],
  ['hr oib, check broken', `OIB: ${bump(oib('6931875204'))}`],
  ['ro cnp-shaped number without its name', `order ${romanian} shipped`],
  ['fr nir run together, key wrong', `NIR ${bump(nir('2920375120047'))}`],
  ['dk cpr: not a date', 'CPR-nr.: 450389-4721'],
  ['ie pps, check letter wrong', 'PPS 4812736Z'],
  ['M. before an English word', 'See Fig. 3 and M. Thesis for the proof.'],
  ['M. Sc. as a degree', 'She holds an M. Sc. in Physics.'],
  ['Fr. as francs', 'Eintritt Fr. 20.- pro Person'],
  ['Frau as a noun', 'Frau und Mann'],
  ['Tel. before a short extension', 'Tel. 4711 intern'],
  ['Tel. before a date', 'Tel. 12.03.2024 erhalten'],
];
