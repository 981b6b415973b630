import { createHash } from 'node:crypto';
import { isHexAt, passesLuhn } from '../checks';
import { findByRules, type Detector, type PatternRule } from '../detector';
import { findInNumericRuns, type NumericRule } from '../numeric-runs';
import type { PrefixRule } from '../prefix-scan';
import { isFakeBody } from '../token-checks';

// Identifiers that point at one person's device or money: MAC addresses (colons, dashes, Cisco's
// dots), and wallet addresses: Bitcoin, Litecoin, Dogecoin and XRP (base58check, bech32/bech32m) and
// Cardano (bech32), all checksum-verified, Ethereum, and Monero (by its length and alphabet).

function acceptMac(value: string): boolean {
  const hex = value.replace(/[^0-9A-Fa-f]/g, '').toLowerCase();
  if (/^(?:0{12}|f{12})$/.test(hex)) return false; // unset and broadcast
  if (hex.startsWith('01005e') || hex.startsWith('3333')) return false; // multicast ranges
  const separators = value.replace(/[0-9A-Fa-f]/g, '');
  return new Set(separators).size <= 1;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** The XRP Ledger's base58 alphabet: the same characters in another order (`r` is zero, so addresses start with it). */
const RIPPLE_BASE58 = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';

function base58Decode(value: string, alphabet: string): Buffer | undefined {
  let n = 0n;
  for (const ch of value) {
    const digit = alphabet.indexOf(ch);
    if (digit < 0) return undefined;
    n = n * 58n + BigInt(digit);
  }
  const hex = n.toString(16);
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  let zeros = 0;
  while (zeros < value.length && value[zeros] === alphabet[0]) zeros++;
  return Buffer.concat([Buffer.alloc(zeros), body]);
}

/** Base58check: the last four bytes are the double SHA-256 of the rest. */
function passesBase58Check(value: string, alphabet = BASE58): boolean {
  const bytes = base58Decode(value, alphabet);
  if (!bytes || bytes.length !== 25) return false;
  const payload = bytes.subarray(0, 21);
  const sum = createHash('sha256').update(createHash('sha256').update(payload).digest()).digest();
  return sum.subarray(0, 4).equals(bytes.subarray(21));
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

/** Bech32 (BIP-173) or bech32m (BIP-350) checksum of a lower-case address. */
function passesBech32(address: string): boolean {
  const lower = address.toLowerCase();
  const sep = lower.lastIndexOf('1');
  const hrp = lower.slice(0, sep);
  const values: number[] = [];
  for (const ch of hrp) values.push(ch.charCodeAt(0) >> 5);
  values.push(0);
  for (const ch of hrp) values.push(ch.charCodeAt(0) & 31);
  for (const ch of lower.slice(sep + 1)) {
    const v = BECH32.indexOf(ch);
    if (v < 0) return false;
    values.push(v);
  }
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GENERATOR[i];
  }
  return chk === 1 || chk === 0x2bc830a3;
}

/** A MAC address written as six hex pairs joined by `sep` (01:23:45:67:89:ab, 01-23-45-67-89-ab). */
function pairedMac(sep: ':' | '-'): PatternRule {
  return {
    kind: 'mac_address',
    anchor: {
      literal: sep,
      back: /[0-9A-Fa-f]/,
      maxBack: 2,
      quick: (t, at) => isHexAt(t, at - 1) && isHexAt(t, at + 1) && t[at + 3] === sep && t[at - 3] !== sep,
    },
    // A full stop may end the sentence after it (`the mac is 3c:22:fb:11:9a:0e.`); `….0e.1` goes on.
    pattern: new RegExp(`(?<![\\w:.-])[0-9A-Fa-f]{2}${sep}(?:[0-9A-Fa-f]{2}${sep}){4}[0-9A-Fa-f]{2}(?![\\w:-]|\\.\\w)`, 'y'),
    accept: acceptMac,
  };
}

/** A user-agent key and its separator, ending just before the value (`User-Agent: `, `"ua": "`, `userAgent = '`). */
const AGENT_KEY = /(?:[Uu]ser[ _-]?[Aa]gent|USER[ _-]?AGENT|(?<![A-Za-z])(?:ua|UA))["']?[ \t]{0,3}[:=]?[ \t]{0,3}["']?$/;
/** An access log's quoted fields: the referrer's closing quote, a space, the agent's opening quote. */
const LOG_FIELD = /"[ \t]"$/;

/**
 * A browser's user agent (`Mozilla/5.0 (platform) engine…`) where it describes a visitor: after a
 * user-agent key or header, or as a quoted field of an access log. It identifies a device; the
 * lists of user agents in parsers and their tests (quoted, comma-separated) are left.
 */
const userAgent: PatternRule = {
  kind: 'user_agent',
  anchor: { literal: 'Mozilla/', back: /$^/, maxBack: 0 },
  pattern: /Mozilla\/\d{1,2}\.\d \([^()\r\n"']{3,200}\)[^\r\n"'<>]{0,400}/y,
  accept: (_value, text, start) => {
    const before = text.slice(Math.max(0, start - 24), start);
    return AGENT_KEY.test(before) || LOG_FIELD.test(before);
  },
};

const rules: PatternRule[] = [
  userAgent,
  pairedMac(':'),
  pairedMac('-'),
  {
    kind: 'mac_address',
    // Cisco's notation: 001a.2b3c.4d5e.
    anchor: {
      literal: '.',
      back: /[0-9A-Fa-f]/,
      maxBack: 4,
      quick: (t, at) => isHexAt(t, at - 4) && isHexAt(t, at + 4) && t[at + 5] === '.' && t[at - 5] !== '.',
    },
    pattern: /(?<![\w:.-])[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}(?![\w:.-])/y,
    accept: (value) => /[a-fA-F]/.test(value) && /\d/.test(value) && acceptMac(value),
  },
  {
    kind: 'crypto_wallet',
    // Base58check: Bitcoin (1…, 3…), Litecoin (L…, M…), Dogecoin (D…), and XRP (r…, in the XRP
    // Ledger's alphabet): words starting with `r` in the same pass cost ~5 ms per 25 MB of code.
    // Monero (4…/8…, 95 characters, 106 integrated) in the same pass: its checksum needs Keccak,
    // which Node lacks, but its length and both letter cases tell it from any number.
    pattern: /(?<![\w/+])(?:[13LMDr][1-9A-HJ-NP-Za-km-z]{24,34}|[48][0-9AB][1-9A-HJ-NP-Za-km-z]{93}(?:[1-9A-HJ-NP-Za-km-z]{11})?)(?![\w/+])/g,
    accept: (value) =>
      value.length >= 95
        ? /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d.*\d/.test(value.slice(2))
        : /\d/.test(value.slice(1)) && passesBase58Check(value, value[0] === 'r' ? RIPPLE_BASE58 : BASE58),
  },
];

/**
 * Wallets that start with a fixed prefix (bech32 `bc1…`/`ltc1…`, Cardano `addr1…`, Ethereum `0x…`):
 * found by the one prefix scan the token detector runs anyway (tokens.ts), not by a pass of their own.
 */
export const walletPrefixRules: PrefixRule[] = [
  {
    kind: 'crypto_wallet',
    // Bech32/bech32m: Bitcoin and Litecoin, one case throughout.
    prefixes: ['bc1', 'tb1', 'ltc1', 'BC1', 'LTC1'],
    body: /[02-9ac-hj-np-zAC-HJ-NP-Z]{8,87}/,
    accept: (token) => (token === token.toLowerCase() || token === token.toUpperCase()) && passesBech32(token),
  },
  // Cardano: bech32, longer than Bitcoin's.
  { kind: 'crypto_wallet', prefixes: ['addr1'], body: /[02-9ac-hj-np-z]{50,110}/, accept: (token) => passesBech32(token) },
  // One digit forty times is a sentinel, not a wallet: `0xEeeee…` stands for a chain's native token in DeFi code.
  {
    kind: 'crypto_wallet', prefixes: ['0x'], body: /[0-9a-fA-F]{40}/,
    accept: (_t, body) => !isFakeBody(body) && /[a-fA-F]/.test(body) && !/^(.)\1+$/i.test(body),
  },
];

/**
 * An IMEI printed in its groups, `35-209900-176148-1` (reporting body, type, serial, check digit):
 * the layout phones, boxes and carriers print, Luhn-checked. Without the dashes (15 digits) only a
 * key says it is one (pii-keyed-more.ts).
 */
const dashedImei: NumericRule = {
  kind: 'imei',
  minDigits: 15,
  pattern: /(?<![\w.-])\d{2}-\d{6}-\d{6}-\d(?![\w-]|\.\d)/g,
  accept: (value) => passesLuhn(value.replace(/-/g, '')) && !/^(\d)\1*$/.test(value.replace(/-/g, '')),
};

/** User agents, MAC addresses, dashed IMEIs, and Bitcoin, Litecoin, Dogecoin and XRP base58 wallet addresses (the prefixed ones: walletPrefixRules). */
export const deviceWalletDetector: Detector = {
  name: 'pii-devices-wallets',
  kinds: ['user_agent', 'mac_address', 'crypto_wallet', 'imei'],
  priority: 45,
  find: (text) => [...findByRules(rules, text), ...findInNumericRuns([dashedImei], text)],
};
