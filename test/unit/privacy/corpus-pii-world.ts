import { luhnDigit, R, type Case, type Negative } from './corpus-helpers';

// Card brands, IBAN layouts, national, tax and health numbers of more countries, and phones as
// forms and other countries write them. Every value is built here from digits chosen for the test
// and its format's check digit, computed by the small functions below; the look-alikes hold the
// same shapes with the check broken, or without the word that names them.

const num = (s: string) => s.split('').map(Number);

const luhn = (body: string) => body + luhnDigit(body);

function iban(country: string, bban: string): string {
  const n = (bban + country + '00').replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const ch of n) rest = (rest * 10 + Number(ch)) % 97;
  return country + String(98 - rest).padStart(2, '0') + bban;
}
const grouped = (s: string, sep: string) => s.match(/.{1,4}/g)!.join(sep);

const VD = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 0, 6, 7, 8, 9, 5], [2, 3, 4, 0, 1, 7, 8, 9, 5, 6], [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8], [5, 9, 8, 7, 6, 0, 4, 3, 2, 1], [6, 5, 9, 8, 7, 1, 0, 4, 3, 2], [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4], [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VP = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 5, 7, 6, 2, 8, 3, 0, 9, 4], [5, 8, 0, 3, 7, 9, 6, 1, 4, 2], [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0], [4, 2, 8, 6, 5, 7, 3, 9, 0, 1], [2, 7, 9, 3, 8, 0, 6, 4, 1, 5], [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const VINV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];
function verhoeff(body: string): string {
  let c = 0;
  num(body).reverse().forEach((d, i) => (c = VD[c][VP[(i + 1) % 8][d]]));
  return body + VINV[c];
}

const hetu = (date: string, sep: string, serial: string) => date + sep + serial + '0123456789ABCDEFHJKLMNPRSTUVWXY'[Number(date + serial) % 31];

function tckn(nine: string): string {
  const d = num(nine);
  const tenth = (((d[0] + d[2] + d[4] + d[6] + d[8]) * 7 - (d[1] + d[3] + d[5] + d[7])) % 10 + 10) % 10;
  const eleventh = (d.reduce((a, b) => a + b, 0) + tenth) % 10;
  return nine + tenth + eleventh;
}

const weighted = (ds: number[], ws: number[]) => ws.reduce((s, w, i) => s + w * ds[i], 0);
const rrn = (twelve: string) => twelve.slice(0, 6) + '-' + twelve.slice(6) + (11 - (weighted(num(twelve), [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]) % 11)) % 10;
const tnin = (twelve: string) => twelve + (11 - (weighted(num(twelve), [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11)) % 10;
const dea = (letters: string, six: string) => {
  const d = num(six);
  return letters + six + ((d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10);
};
const crossSum = (ds: string, ws: number[]) => [...ds].reduce((s, c, i) => s + ((Number(c) * ws[i]) % 10) + Math.floor((Number(c) * ws[i]) / 10), 0) % 10;
const letterDigits = (l: string) => String(l.charCodeAt(0) - 64).padStart(2, '0');
const kvnr = (letter: string, eight: string) => letter + eight + crossSum(letterDigits(letter) + eight, [1, 2, 1, 2, 1, 2, 1, 2, 1, 2]);
const rvnr = (eight: string, letter: string, two: string) =>
  eight + letter + two + crossSum(eight + letterDigits(letter) + two, [2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1]);
const personnummer = (date: string, three: string) => date + three + luhnDigit(date.slice(-6) + three);

const maestro = luhn('675904172830215');
const dankort = luhn('501983650274119');
const mir = luhn('220038157264093');
const uatp = luhn('12004719385026');
const maestro12 = luhn('50381729460');
const tick = luhn('63510448000000000');
const accountId = luhn('56218390471');
const de = iban('DE', '370400440532013000');
const al = iban('AL', '212110090000000235698741');
const gb = iban('GB', 'NWBK60161331926819');
const bumpLast = (s: string) => s.slice(0, -1) + ((Number(s.slice(-1)) + 1) % 10);
const broken = bumpLast(de);
const dni = (n: string) => n + 'TRWAGMYFPDXBNJZSQVHLCKE'[Number(n) % 23].toLowerCase();
const medicare = (eight: string, issue: string) => `${eight.slice(0, 4)} ${eight.slice(4)}${weighted(num(eight), [1, 3, 7, 9, 1, 3, 7, 9]) % 10} ${issue}`;
const goodHetu = hetu('140205', 'A', '913');
const badHetu = goodHetu.slice(0, -1) + (goodHetu.endsWith('0') ? '1' : '0');

export const piiWorldCases: Case[] = [
  ['card: maestro, sixteen digits', `paid with ${maestro}`, `paid with ${R('credit_card')}`],
  ['card: dankort', `kort ${grouped(dankort, ' ')}`, `kort ${R('credit_card')}`],
  ['card: mir', `${grouped(mir, '-')}`, R('credit_card')],
  ['card: uatp under its word', `my credit card: ${uatp}`, `my credit card: ${R('credit_card')}`],
  ['card: twelve-digit maestro under its word', `What is the limit for card ${maestro12}?`, `What is the limit for card ${R('credit_card')}?`],
  ['iban: dashed', `IBAN ${grouped(al, '-')}`, `IBAN ${R('iban')}`],
  ['iban: a word after it on the line', `pay to ${grouped(de, ' ')} X in full`, `pay to ${R('iban')} X in full`],
  ['iban: compact, capitals after it', `${al} ALL CAPS`, `${R('iban')} ALL CAPS`],
  ['iban: lower case under its name', `my iban is ${gb.toLowerCase()}`, `my iban is ${R('iban')}`],
  ['fi hetu: born in 2005, A separator', `hetu ${goodHetu}`, `hetu ${R('fi_hetu')}`],
  ['fi hetu: the 2023 separators', `${hetu('010594', 'Y', '903')} is my hetu`, `${R('fi_hetu')} is my hetu`],
  ['us mbi: dashed', 'Patient 3AC7-DF9-GH12 on file', `Patient ${R('us_mbi')} on file`],
  ['us mbi: compact', 'MBI 5KT2NP4XY87', `MBI ${R('us_mbi')}`],
  ['uk driving licence', 'Licence: BAKER712145JQ9WK ok', `Licence: ${R('drivers_license')} ok`],
  ['uk driving licence: short surname padded', 'FOX99656044AB3CD', R('drivers_license')],
  ['za id', `ID ${luhn('880614500108')}`, `ID ${R('za_id')}`],
  ['tr kimlik no', `TC Kimlik No: ${tckn('276418935')}`, `TC Kimlik No: ${R('tr_tckn')}`],
  ['kr rrn: dashed, no check digit (issued since 2020)', 'RRN 910315-2876421', `RRN ${R('kr_rrn')}`],
  ['kr rrn: bare under its name, check digit', `his RRN is ${rrn('850922174213').replace('-', '')}`, `his RRN is ${R('kr_rrn')}`],
  ['us itin under its name, no dashes', 'my itin: 923781234', `my itin: ${R('us_itin')}`],
  ['us itin after taxpayer id', 'taxpayer id 957-84-6123', `taxpayer id ${R('us_itin')}`],
  ['in aadhaar dashed', `${verhoeff('48172635091').replace(/(\d{4})(\d{4})(\d{4})/, '$1-$2-$3')}`, R('in_aadhaar')],
  ['in aadhaar bare under its name', `Aadhaar: ${verhoeff('73920518462')}`, `Aadhaar: ${R('in_aadhaar')}`],
  ['in pan of any holder type under its name', 'my PAN number is KRTMS4821Q', `my PAN number is ${R('in_pan')}`],
  ['se personnummer without dash under its name', `personnummer ${personnummer('19850312', '284')}`, `personnummer ${R('se_personnummer')}`],
  ['th national id', `Thai ID ${tnin('310470018253')}`, `Thai ID ${R('th_tnin')}`],
  ['us dea registration', `DEA number: ${dea('BK', '482913')}`, `DEA number: ${R('us_dea')}`],
  ['de health insurance (KVNR)', `KVNR: ${kvnr('K', '48291735')}`, `KVNR: ${R('de_health_insurance')}`],
  ['de pension insurance (RVNR)', `Sozialversicherungsnummer ${rvnr('65180392', 'M', '04')}`, `Sozialversicherungsnummer ${R('de_social_security')}`],
  ['iban under its name whose check fails (a mistyped or made-up account)', `Meine IBAN ist ${bumpLast(de)}`, `Meine IBAN ist ${R('iban')}`],
  ['de health insurance (KVNR) bare on a card scan', `Versicherte/r: ${kvnr('T', '03918274')}`, `Versicherte/r: ${R('de_health_insurance')}`],
  ['de pension insurance (RVNR) bare in a payroll row', `Lohn;${rvnr('12250885', 'S', '02')};2024-05`, `Lohn;${R('de_social_security')};2024-05`],
  ['in voter id', 'voter id: KRM4817203', `voter id: ${R('in_voter_id')}`],
  ['es dni with a lower-case letter', `dni ${dni('48291736')}`, `dni ${R('es_dni')}`],
  ['au medicare as printed', medicare('29534172', '1'), R('au_medicare')],
  ['passport: spanish copula', 'Mi pasaporte es XKD482917', `Mi pasaporte es ${R('passport_number')}`],
  ['passport: German Pass-Nr.', 'Pass-Nr.: C4T81R5K2', `Pass-Nr.: ${R('passport_number')}`],
  ['driving licence: German word', 'Führerscheinnummer: K481729305X', `Führerscheinnummer: ${R('drivers_license')}`],
  ['driving licence: "is:"', 'my driver license is: 4827193056', `my driver license is: ${R('drivers_license')}`],
  ['uk plate after car reg', 'My car reg is KT19 BZX and', `My car reg is ${R('vehicle_plate')} and`],
  ['plates of other countries after words that name a plate',
    'License plate 34 ABC 1234 seen. Kenteken: 12-XKL-3\nLICENSE_PLATE=KA53ME3456\nvehicle registration number is DL3CJI0001.',
    `License plate ${R('vehicle_plate')} seen. Kenteken: ${R('vehicle_plate', 2)}\nLICENSE_PLATE=${R('vehicle_plate', 3)}\n` +
      `vehicle registration number is ${R('vehicle_plate', 4)}.`],
  ['date of birth under a camelCase key', 'patientDOB=03/14/1985', `patientDOB=${R('date_of_birth')}`],
  ['date of birth under one lower-case word', 'dateofbirth: 1985-03-14', `dateofbirth: ${R('date_of_birth')}`],
  ['name under a key glued after an underscore', 'customer_first_name: Maria Garcia', `customer_first_name: ${R('person_name')}`],
  ['an address whose street is named like software', 'address: "20 Node Street"', `address: "${R('street_address')}"`],
  ['postal code after Postleitzahl', 'Postleitzahl 80469 München', `Postleitzahl ${R('postal_code')} München`],
  ['phone: US extension glued', 'Fax: 312-555-0187x4412', `Fax: ${R('phone')}`],
  ['phone: extension after parentheses', 'Desk: (646)555-0142x013', `Desk: ${R('phone')}`],
  ['phone: international, long first group', 'Desk: +447700 914 382', `Desk: ${R('phone')}`],
  ['phone: on the line after its label', 'Phone:\n42-81-73-95', `Phone:\n${R('phone')}`],
  ['phone: seven-digit local number under a label', 'Phone: 481 2937', `Phone: ${R('phone')}`],
  ['phone: bare eleven-digit mobile (Philippines)', 'call 09178324615', `call ${R('phone')}`],
  ['phone: bare eleven-digit mobile (Turkey)', 'Cep no: 05324817395', `Cep no: ${R('phone')}`],
  ['phone: trunk 0 apart (Turkey)', '0 (532) 481 73 95', R('phone')],
];

export const piiWorldLookalikes: Negative[] = [
  // A company's or a student's registration number is no plate; a plate's words with no plate after them.
  ['registration numbers that are not plates, and plate words without a plate',
    "registration_number = 'HRB 12345'\nlicense plate recognition (ALPR) v2\nplate number: 3\nconst licensePlate = plate.toUpperCase()"],
  ['card: .NET tick count that passes Luhn', `new DateTime(${tick})`],
  ['card: twelve digits with no card word', `arn:aws:iam::${accountId}:role/deploy`],
  ['card: uatp shape with no card word', `${uatp}`],
  ['iban: digits of one that fails its check are no card or phone', `${broken.slice(0, 4)} ${grouped(broken.slice(4), ' ')}`],
  ['fi hetu shape with a broken check character', badHetu],
  ['fi hetu shape on 31 February', hetu('310289', '-', '211')],
  ['za id shape: a millisecond timestamp', 'at 1700000000000 ms'],
  ['tr kimlik shape with a broken check digit', bumpLast(tckn('276418935'))],
  ['kr rrn shape with month 13', '911315-2876421'],
  ['nhs digits at the end of a longer number', '51 824 753 5564'],
  ['au medicare shape with a broken check', medicare('29534172', '1').replace(/(\d) (\d)$/, (_m, c, i) => `${(Number(c) + 1) % 10} ${i}`)],
  ['ten bare digits after a trunk 0 (a mobile in too many countries)', 'id 0780511201'],
  ['pan inside a word', 'span KRTMS4821Q'],
  ['dea word with a broken check digit', `DEA number: ${bumpLast(dea('BK', '482913'))}`],
  ['mbi shape with S, a letter MBIs never use', '3SC7-DF9-GH12'],
  ['uk licence shape with month 13', 'BAKER713145JQ9WK'],
  ['a runtime and its version under an address key', 'address: "Node 20"'],
  ["a tool's settings where someone grew up", 'I grew up in Jest Config, then moved on'],
  ['a framework under a city key', 'city: React'],
  ['an iban-like value under its name with no registry country', 'iban: XX12345678901234567890'],
  ['kvnr shape with a broken check digit', bumpLast(kvnr('T', '03918274'))],
  ['a Wikidata item that passes the KVNR check', 'linked to its Wikidata item (Q140002860)'],
  ['rvnr shape on the 40th of a month', rvnr('12400885', 'S', '02')],
  ['a name key glued inside a constant in capitals', '#define DECFULLNAME "Decimal Number Module"'],
];
