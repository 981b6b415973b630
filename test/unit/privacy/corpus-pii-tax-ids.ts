import { luhnDigit, R, type Case, type Negative } from './corpus-helpers';

// Tax, business-registration, licence and record numbers as invoices, forms and records print them, and UK postcodes. Each
// value is built here from digits chosen for the test and its format's check, computed by the
// small functions below; the look-alikes hold the same shapes with the check broken, or bare
// digits without the word that names them.

const num = (s: string) => s.replace(/\D/g, '').split('').map(Number);
const weighted = (ds: number[], ws: number[]) => ws.reduce((s, w, i) => s + w * ds[i], 0);


/** Korea's business registration number, dashed 3-2-5. */
function krBrn(nine: string): string {
  const d = num(nine);
  const ninth = d[8] * 5;
  const check = (10 - ((weighted(d, [1, 3, 7, 1, 3, 7, 1, 3]) + ninth + Math.floor(ninth / 10)) % 10)) % 10;
  return `${nine.slice(0, 3)}-${nine.slice(3, 5)}-${nine.slice(5)}${check}`;
}

/** Germany's USt-IdNr.: ISO 7064 MOD 11,10 over eight digits. */
function deVat(eight: string): string {
  let product = 10;
  for (const x of num(eight)) product = (((x + product) % 10 || 10) * 2) % 11;
  return `DE${eight}${(11 - product) % 10}`;
}

/** Sweden's organisationsnummer, dashed 6-4, Luhn over the ten digits. */
const seOrg = (nine: string) => `${nine.slice(0, 6)}-${nine.slice(6)}${luhnDigit(nine)}`;
const tninGrouped = (twelve: string) => {
  const d = `${twelve}${(11 - (weighted(num(twelve), [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) % 11)) % 10}`;
  return `${d[0]}-${d.slice(1, 5)}-${d.slice(5, 10)}-${d.slice(10, 12)}-${d[12]}`;
};
const lanr = (six: string, speciality: string) => `${six}${(10 - (weighted(num(six), [4, 9, 4, 9, 4, 9]) % 10)) % 10}${speciality}`;
const bumpLast = (s: string) => s.slice(0, -1) + ((Number(s.slice(-1)) + 1) % 10);

const brn = krBrn('220813789');
const vat = deVat('28157340');
const org = seOrg('556184932');

export const piiTaxIdCases: Case[] = [
  ['in gstin on an invoice', 'GSTIN: 29AAGCB7383J1Z4\nPlace of supply: Karnataka', `GSTIN: ${R('tax_number')}\nPlace of supply: Karnataka`],
  ['in gstin bare in a ledger row', '2024-03-01,Sharma Traders,07AKTPS4821M1ZQ,18%', `2024-03-01,Sharma Traders,${R('tax_number')},18%`],
  ['de vat id run together', `USt-IdNr. ${vat}`, `USt-IdNr. ${R('tax_number')}`],
  ['de vat id in threes, bare', `Lieferant ${vat.slice(0, 2)} ${vat.slice(2, 5)} ${vat.slice(5, 8)} ${vat.slice(8)}`, `Lieferant ${R('tax_number')}`],
  ['de vat id made up, where the line says VAT', 'VAT: DE123456789', `VAT: ${R('tax_number')}`],
  ['kr business registration number, dashed', `사업자등록번호: ${brn}`, `사업자등록번호: ${R('tax_number')}`],
  ['kr business registration number, bare where named', `BRN ${brn.replace(/-/g, '')}`, `BRN ${R('tax_number')}`],
  ['se organisationsnummer, dashed', `Org.nr ${org}, Stockholm`, `Org.nr ${R('tax_number')}, Stockholm`],
  ['se organisationsnummer, bare where named', `organisationsnummer: ${org.replace('-', '')}`, `organisationsnummer: ${R('tax_number')}`],
  ['kr driving licence, dashed from its region code', 'licence 13-19-482716-52', `licence ${R('drivers_license')}`],
  ['th national id as the card prints it', `ID ${tninGrouped('110170023456')}`, `ID ${R('th_tnin')}`],
  ['th national id, bare after its Thai label', `เลขประจำตัวประชาชน ${tninGrouped('310050123456').replace(/-/g, '')}`,
    `เลขประจำตัวประชาชน ${R('th_tnin')}`],
  ['de doctor number (LANR)', `LANR: ${lanr('482913', '01')}`, `LANR: ${R('de_lanr')}`],
  ['us npi in groups', 'Provider identifier 1245-319-599', `Provider identifier ${R('us_npi')}`],
  ['medical record number with a letter prefix and dash', 'MRN: HX-0048213', `MRN: ${R('medical_record_number')}`],
  ['medical record number named in German', 'Patientennummer ist 00482137', `Patientennummer ist ${R('medical_record_number')}`],
  ['employee number in an HR export', 'Employee number: EMP-204817', `Employee number: ${R('record_number')}`],
  ['student id in a sentence', 'Her student ID is S2048173.', `Her student ID is ${R('record_number')}.`],
  ['insurance policy number', 'policy_number: "HX-5592-0417"', `policy_number: "${R('record_number')}"`],
  ['German staff number after ist', 'Meine Personalnummer ist 0048217', `Meine Personalnummer ist ${R('record_number')}`],
  ['voter id of no EPIC shape', 'voter ID: V9876543', `voter ID: ${R('national_id')}`],
  ['uk postcode alone in a sentence', 'Deliver to SW1A 1AA before noon', `Deliver to ${R('postal_code')} before noon`],
  ['uk postcodes of one and two area letters', 'from M1 1AE to EC3M 5AD', `from ${R('postal_code')} to ${R('postal_code', 2)}`],
];

export const piiTaxIdLookalikes: Negative[] = [
  ['gstin shape with an unknown state code', '99AAGCB7383J1Z4'],
  ['gstin shape without its Z', '29AAGCB7383J1X4'],
  ['de vat shape whose check fails, nothing naming it', bumpLast(vat)],
  ['kr business number shape whose check fails', bumpLast(brn)],
  ['kr business number digits with no word naming them', `id ${brn.replace(/-/g, '')}`],
  ['se organisationsnummer whose Luhn check fails', bumpLast(org)],
  ['kr licence shape from no region', '42-19-482716-52'],
  ['thirteen bare digits passing the Thai check, no label', tninGrouped('110170023456').replace(/-/g, '')],
  ['lanr digits with no word naming them', `value ${lanr('482913', '01')}`],
  ['a path of numbers is no tax number', 'GET /items/220-81-37894/history'],
  ['record keys in code with no number', 'employee_id: id\npolicy_number = 3\nstudentId: string'],
  ['postcode layout from no Royal Mail area', 'AA9A 9AA and QA1 1AA are format examples'],
  ['postcode layout with an inward letter a postcode never uses', 'SW1A 1AC'],
  ['postcode layout joined up, with no key', 'SW1A1AA'],
];
