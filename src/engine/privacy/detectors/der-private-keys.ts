import type { PatternRule } from '../detector';

// A private key pasted as its bare base64 DER, with no PEM markers: a `privateKey` field of a JSON
// or .NET config, a JWT signing key in .env, the lines of a PEM body a chunk cut from both of its
// markers. The DER's first fields are fixed for each key type (a version 0 or 1, then the
// algorithm), so their base64 is a signature: `MII...IBAAK` opens an RSA key (PKCS#1),
// `MII...IBADANBgkqhkiG9w0BAQEFAASC` an RSA key in PKCS#8, `MHcCAQEEI` a P-256 key (SEC 1),
// `MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg` one in PKCS#8, `MIHcAgEBBEI` a P-521 key, `MC4CAQAwBQYDK2VwBCIEI` an
// Ed25519 key. Public keys and certificates open otherwise (`MIIBIjANBg…`, `MIIDdzCCAl+g…`).
// The body may be wrapped: lines of base64 with a line break, an escaped `\n` or a space between.

/**
 * Base64 lines joined by a line break (real or an escaped `\n`), or by a space when the next holds 16
 * characters or more (a line of prose after a key is not taken for it); bounded, and linear: a break is never base64.
 */
const BODY = '[A-Za-z0-9+/]{0,4096}(?:(?:\\\\n|\\r?\\n)[A-Za-z0-9+/]{1,4096}|[ \\t][A-Za-z0-9+/]{16,4096}){0,200}={0,2}';
const START = '(?<![\\w+/=-])';
const END = '(?![\\w+/=-])';

/** A DER sequence no longer than it declares (a word of the next line may follow a key with no padding); a key cut short is taken. */
function plausible(value: string, lead: number, min: number): boolean {
  const b64 = value.replace(/\\n|\s/g, '');
  if (b64.length < min) return false;
  const head = Buffer.from(b64.slice(0, 8), 'base64');
  if (head[0] !== 0x30) return false;
  const declared = head[1] === 0x82 ? (head[2] << 8) + head[3] + 4 : head[1] === 0x81 ? head[2] + 3 : head[1] + 2;
  const have = Math.floor((b64.replace(/=+$/, '').length * 3) / 4);
  return have <= declared + 48 && new Set(b64.slice(lead, lead + 64)).size >= 16;
}

/** `lead` is the fixed head (a pattern), `length` its length; `min` the shortest key in characters; `body` what may follow. */
function der(literal: string, back: number, lead: string, length: number, min: number, body = BODY): PatternRule {
  return {
    kind: 'private_key',
    anchor: { literal, back: /[A-Za-z0-9+/]/, maxBack: back },
    pattern: new RegExp(`${START}${lead}${body}${END}`, 'y'),
    accept: (value) => plausible(value, length, min),
  };
}

export const derPrivateKeyRules: PatternRule[] = [
  // RSA, PKCS#1: SEQUENCE (30 82 len), INTEGER 0, INTEGER n (02 82 / 02 81).
  der('IBAAK', 6, 'MII[A-Za-z0-9+/]{3}IBAAK', 11, 400),
  // RSA, PKCS#8: SEQUENCE, INTEGER 0, rsaEncryption, OCTET STRING.
  der('IBADANBgkqhkiG9w0BAQEFAASC', 6, 'MII[A-Za-z0-9+/]{3}IBADANBgkqhkiG9w0BAQEFAASC', 32, 400),
  // EC P-256, SEC 1 (`BEGIN EC PRIVATE KEY`) and PKCS#8; P-384 SEC 1.
  der('MHcCAQEEI', 0, 'MHcCAQEEI', 9, 150),
  der('MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg', 0, 'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg', 48, 150),
  der('MIGkAgEBBDA', 0, 'MIGkAgEBBDA', 11, 200),
  // EC P-521, SEC 1: SEQUENCE (30 81 DC), INTEGER 1, OCTET STRING of 66 bytes (04 42).
  der('MIHcAgEBBEI', 0, 'MIHcAgEBBEI', 11, 280),
  // Ed25519, PKCS#8: 64 characters on one line, the last 43 random.
  der('MC4CAQAwBQYDK2VwBCIEI', 0, 'MC4CAQAwBQYDK2VwBCIEI', 21, 64, '[A-Za-z0-9+/]{43}'),
];
