import { R, type Case, type Negative } from './corpus-helpers';

// PII in the layouts people write: phones of several countries (validated with libphonenumber-js),
// MAC addresses, wallet addresses (checksums verified), more national ids (check digits verified)
// and e-mail forms the RFC allows. Values were generated to pass their checksums; the look-alikes
// change one character or are reserved values.

export const piiMoreCases: Case[] = [
  ['phone: france national', 'appelez le 06 12 34 56 78 demain', `appelez le ${R('phone')} demain`],
  ['phone: germany national', 'Tel. 030 1234 5678', `Tel. ${R('phone')}`],
  ['phone: australia with parentheses', 'call (03) 1234 5678', `call ${R('phone')}`],
  ['phone: international with 00', 'tel: 0044 20 7946 0958', `tel: ${R('phone')}`],
  ['phone: us toll-free with country digit', 'support 1-800-555-0199', `support ${R('phone')}`],
  ['phone: japan international', '+81 3-1234-5678', R('phone')],
  ['phone: china mobile', 'mobile: +86 138 0013 8000', `mobile: ${R('phone')}`],
  ['phone: brazil mobile', '"+55 11 91234-5678"', `"${R('phone')}"`],
  ['phone: germany short international', '+49 30 123456', R('phone')],
  ['mac address with colons', 'ether 00:1a:2b:3c:4d:5e', `ether ${R('mac_address')}`],
  ['mac address with dashes', 'mac 00-1A-2B-3C-4D-5E on eth0', `mac ${R('mac_address')} on eth0`],
  ['bitcoin base58check address', 'send to 159Gt41DBzYRsML1JiTNVqNySxVCAuNKWr please', `send to ${R('crypto_wallet')} please`],
  ['bitcoin bech32 address', 'wallet: bc1qr23clxd5mzfsh79vn6pg0kaytjeq8w4ueyq49w', `wallet: ${R('crypto_wallet')}`],
  ['ethereum address', 'eth 0x52908400098527886E0F7030069857D2E4169EE7', `eth ${R('crypto_wallet')}`],
  ['brazil cpf', 'CPF: 390.533.447-05', `CPF: ${R('br_cpf')}`],
  ['italy codice fiscale', 'CF BNCLRA79H55F205R', `CF ${R('it_fiscal_code')}`],
  ['sweden personnummer', 'pnr 811218-9876', `pnr ${R('se_personnummer')}`],
  ['finland hetu', 'hetu 131052-308T', `hetu ${R('fi_hetu')}`],
  ['china resident id', 'id 11010519491231002X', `id ${R('cn_resident_id')}`],
  ['india pan', 'PAN: ABCPE1234F', `PAN: ${R('in_pan')}`],
  ['us itin', 'ITIN 912-78-1234', `ITIN ${R('us_itin')}`],
  ['email with plus tag and subdomain', 'mail user.name+tag@mail.example.co.uk now', `mail ${R('email')} now`],
  ['email with a quoted local part', 'to: "john doe"@example.com', `to: "${R('email')}`],
  ['email with an ip literal', 'admin@[192.168.1.20]', R('email')],
  ['email with accents', 'josé.garcía@correo.es', R('email')],
  ['email with rfc specials', 'me!you@example.org', R('email')],
];

export const piiMoreLookalikes: Negative[] = [
  ['broadcast mac', 'ff:ff:ff:ff:ff:ff'],
  ['zero ethereum address', '0x0000000000000000000000000000000000000000'],
  ['bech32 with a bad checksum', 'bc1qr23clxd5mzfsh79vn6pg0kaytjeq8w4ueyq49x'],
  ['base58 with a bad checksum', '159Gt41DBzYRsML1JiTNVqNySxVCAuNKWs'],
  ['hetu with a bad check character', '131052-308A'],
  ['cpf with bad check digits', '390.533.447-06'],
  ['phone with an unassigned country code', '+999 12 345 678'],
  ['ssn-shaped numbers are not phones', '000-12-3456'],
  ['time with seconds', 'at 10:20:30'],
  ['bare domain and public url', 'see https://www.python.org/downloads/ and example.com'],
  ['npm scoped package', '"@babel/core": "^7.24.0"'],
];
