import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { scrubText } from '../../../src/engine/privacy/scrubber';

// International phone layouts of real letters, signatures, CRM exports and chats (pii-phones-world.ts): each number
// below is valid for its country, so libphonenumber-js accepts it; the negatives hold the same characters in places a
// careful person would send as they are.

/** What the scrubber lets out, and the phone numbers it hid. */
function phonesIn(text: string): string[] {
  const { text: out } = scrubText(text);
  return out.includes('[REDACTED:phone#') ? [out] : [];
}

const hidden: Array<[string, string, string]> = [
  ['the trunk 0 in parentheses', 'Tel.: +33 (0)6 12 34 56 78', '+33 (0)6 12 34 56 78'],
  ['the trunk 0 in parentheses, no space', 'Mobil +49(0)171 1234567', '+49(0)171 1234567'],
  ['00 and the country code apart', 'call me on 00 49 176 12345678 tomorrow', '00 49 176 12345678'],
  ['00, the country code run into the area code', 'Tel 0049176 12345678', '0049176 12345678'],
  ['00 and one run of digits', 'Handy: 00491731234567', '00491731234567'],
  ['a slash after the area code, international', 'Telefon +49 176/12345678', '+49 176/12345678'],
  ['a slash after the area code, national', 'Tel. 0176/12345678 (mobil)', '0176/12345678'],
  ['a spaced dash after the area code', 'Telefoon: 010 - 123 45 67', '010 - 123 45 67'],
  ['a German mobile of twelve digits', 'erreichbar unter 0176 12345678', '0176 12345678'],
  ['the country code and the area code in parentheses', 'Fone (+55)(15)3702-7523', '(+55)(15)3702-7523'],
  ['a mobile of eleven digits in one group', 'WeChat/phone +86 18912345678', '+86 18912345678'],
  ['00 and a Chinese landline with its trunk 0', '0086-020-82803159', '0086-020-82803159'],
  ['a Chinese label', '我的电话号是13604779660。', '13604779660'],
  ['a Chinese label and a landline with its extension', '联系电话:010-65980408-8001 传真', '010-65980408-8001'],
  ['a Chinese label and a local number', '服务电话：7629236', '7629236'],
  ['a Korean label', '전화번호: 02-312-3456', '02-312-3456'],
  ['a Hindi label', 'मेरा फोन नंबर 9834257234 है.', '9834257234'],
  ['an extension after a capital X', 'Phone: 837-824-1482 X 63888', '837-824-1482 X 63888'],
  ['a local number after a label', 'Phone: 555-0134', '555-0134'],
];

const kept: Array<[string, string]> = [
  ['a hexdump after 00', '0000: 00 44 20 79 46 09 58 00 00 11'],
  ['the digits of an IBAN that failed its check', 'IBAN: CH65 0023 0230 1234 5678 9'],
  ['a date with slashes', 'released 2024/01/15, build 0176/12'],
  ['a path of numbers', 'see /srv/0176/12345678/index.html'],
  ['a number glued to a word', 'id=a+4917612345678b'],
  ['a zero-padded id that is no valid number', 'GTIN 00012345678905, order 004212345678901'],
  ['a Chinese label before an invalid number', '电话：123 4'],
  ['numbers counted in a table', 'sizes 0 - 128 256 512 1024 2048'],
  ['a local number opening with 1 after a label, in English and Chinese', 'my phone number is 112-3333. 我的电话号是112-3333.'],
];

describe('international phone layouts', () => {
  for (const [name, text, number] of hidden) {
    it(`hides ${name}: ${number}`, () => {
      const out = scrubText(text).text;
      assert.ok(!out.includes(number), `${number} was sent: ${out}`);
      assert.match(out, /\[REDACTED:phone#1\]/);
    });
  }
  for (const [name, text] of kept) {
    it(`keeps ${name}`, () => {
      assert.deepEqual(phonesIn(text), []);
    });
  }
});
