import { crc32 } from 'node:zlib';
import { decodeBase64Url } from './checks';

// Checks shared by the provider-token rules: is a format-valid token a real one or a filler
// (`ghp_xxxx…`, `<YOUR_TOKEN>`), and does its checksum hold.

// `EXAMPLE` marks documented sample keys (AWS's `AKIAIOSFODNN7EXAMPLE`, `…EXAMPLEKEY`): real secret
// scanners allowlist them, and masking them hides useful context from the model.
// A body ending in `here` (`…TokenHere`, `RANDOMSTRINGHERE`) is an instruction to paste one in; a
// random body ends so one time in a million.
const FAKE_WORDS = /PLACEHOLDER|DUMMY|FAKE|YOUR|REDACTED|CHANGEME|INSERT|REPLACE|EXAMPLE|INVALID|HERE$/i;
// A last part that says the value is no working one (`lsv2_pt_short`, `AstraCS:short`, `ghp_invalid`), or the
// stock `abc123` after a prefix (`essu_abc123`, `EXOabc123`): a test's made-up token, written to fail. None of the
// scanners' positives we measured ends so; a random body seldom ends in a whole word after a separator.
const NOT_VALID_TAIL = /(?:^|[^A-Za-z0-9])(?:short|invalid|wrong|bad|broken|truncated|malformed|expired|revoked)$/i;
const STOCK_TAIL = /(?:^|[^a-z0-9])abc123$/;

/**
 * True when a token body is a filler rather than a secret: it holds a placeholder word
 * (`YOUR`, `PLACEHOLDER`, `DUMMY`, `EXAMPLE`, `INVALID`, …) or a run of filler characters (`xxxxxxxx`,
 * `********`, `00000000`). Deliberately not: counting sequences or runs of other letters
 * (`AKIAZZZZ…`): those are shaped like live keys and carry no marker saying they are samples.
 * `fake`/`dummy` spliced into a body that keeps 24 or more other characters (`…abc12fake-456def…`,
 * `ZUfake+eKo3qNxLD…`) does not make it a filler either: the rest is a key's worth of characters,
 * perhaps a real key with a word typed over part of it, and scanners report these too.
 */
export function isFakeBody(body: string): boolean {
  if (/[xX*•#.]{6,}|0{8,}/.test(body)) return true;
  // The same run split into groups (`XXXX-XXXX-XXXX`, `0000_0000`), as grouped formats write their fillers.
  if (/[-_]/.test(body) && /[xX*•#]{8,}|0{8,}/.test(body.replace(/[-_]/g, ''))) return true;
  // AWS's documented secret key with a sample word for its ending (`…CYESAMPLEKEY`, `…CYESATESTKEY`): still the sample.
  if (body.startsWith('wJalrXUtnFEMI/K7MDENG/bPxRfiCY') && /SAMPLE|TEST|FAKE/i.test(body.slice(30))) return true;
  if (NOT_VALID_TAIL.test(body) || STOCK_TAIL.test(body)) return true;
  // A JWT's header before a made-up rest (`eyJhbGciOiJIUzI1NiJ9.short.token`): the header alone is public.
  if (body.startsWith('eyJ') && body.includes('.') && isJwtHeader(body.slice(0, body.indexOf('.'))) && !isJwt(body)) return true;
  if (!FAKE_WORDS.test(body)) return false;
  const rest = body.replace(/fake|dummy/gi, '');
  return FAKE_WORDS.test(rest) || rest.length < 24;
}

/**
 * A UUID whose hex digits count up, `01234567-89ab-cdef-0123-456789abcdef`: the sample every API reference
 * writes for a UUID-shaped key. A random UUID holds the run `0123456789abcdef` with odds of 16^-16.
 */
export const isCountingUuid = (body: string): boolean => body.replace(/-/g, '').toLowerCase().includes('0123456789abcdef');

/**
 * True when a value is one to three runs that count up or repeat one character, perhaps after `test`, `demo` or
 * `sample` and with `-`, `_`, `/` between them: `abcdef1234`, `test1234`, `abcd-1234`, `abcdefghijklmnopqrstuvwx`,
 * `LMNOPQRSTUVWXYZZZZZZZ9999999999` (how a person types a key's shape, and scanners' negative samples). Each run has
 * three characters or more, so a password such as `Aa12345678` is not one. A random value of 8 characters or more
 * is so with odds far below one in a million. Longer runs (`abcdefghij1234567890`) are kept by default: the scanners'
 * corpora label them positives as often as negatives. One pass over the value.
 */
export function isCountingFiller(value: string, maxLength = 16): boolean {
  const body = value.replace(/^(?:test|demo|sample)[-_]?(?=\w)/i, '');
  const v = body.replace(/[-_/]/g, '').toLowerCase();
  if (v.length < 4 || value.length < 8 || value.length > maxLength || /[^a-z0-9]/.test(v)) return false;
  let runs = 1;
  let runLength = 1;
  let step = 0; // 1: counts up (`9` then `0` too), 2: repeats
  for (let i = 1; i < v.length; i++) {
    const a = v.charCodeAt(i - 1);
    const b = v.charCodeAt(i);
    const here = b === a + 1 || (a === 57 && b === 48) ? 1 : b === a ? 2 : 0;
    if (here !== 0 && (step === 0 || step === here)) {
      step = here;
      runLength++;
      continue;
    }
    if (runLength < 3 || ++runs > 3) return false;
    runLength = 1;
    step = 0;
  }
  return runLength >= 3;
}

/** The default acceptance for a prefixed token: its body is not a placeholder. */
export const notFake = (_token: string, body: string): boolean => !isFakeBody(body);

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function base62(n: number, width: number): string {
  let out = '';
  let rest = n >>> 0;
  while (rest > 0) {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out.padStart(width, '0');
}

/**
 * GitHub's and npm's token checksum: the last six characters are the base62 CRC32 of the
 * thirty random characters before them.
 */
export function hasCrc32Checksum(body: string): boolean {
  if (body.length !== 36) return false;
  return base62(crc32(body.slice(0, 30)), 6) === body.slice(30);
}

/** Cloudflare's scannable credentials: 40 random characters, then their CRC32 as 8 lower-case hex digits. */
export function hasHexCrc32Checksum(body: string, random: number): boolean {
  return body.length === random + 8 && crc32(body.slice(0, random)).toString(16).padStart(8, '0') === body.slice(random);
}

/** Builds a body with a valid CRC32 checksum from 30 random characters (for tests and docs). */
export function withCrc32Checksum(random30: string): string {
  return random30 + base62(crc32(random30), 6);
}

/**
 * Acceptance for formats with a checksum: a valid checksum is a real token; a failed one is kept
 * only when the body is a placeholder (test fixtures and old formats hold random bodies that are
 * still secrets).
 */
export const checksumOrRandom = (_token: string, body: string): boolean => hasCrc32Checksum(body) || !isFakeBody(body);

/**
 * True when `part` is base64url JSON with an `alg` field: a JWT header. A whole header (`{"alg":…}`)
 * hand-edited into invalid JSON still marks a token: its payload and signature are what matter,
 * and they are intact. One cut short (no closing brace) is a fragment, as detect-secrets reads it.
 */
export function isJwtHeader(part: string): boolean {
  const header = decodeBase64Url(part);
  if (header === undefined || !header.startsWith('{')) return false;
  try {
    const parsed: unknown = JSON.parse(header);
    return typeof parsed === 'object' && parsed !== null && ('alg' in parsed || 'typ' in parsed || 'kid' in parsed);
  } catch {
    return /^\{\s{0,4}"(?:alg|typ|kid)"\s{0,4}:[^{}]{1,400}\}\s{0,4}$/.test(header);
  }
}

/**
 * True when a value is a JWT (`header.payload.signature`) whose header decodes to JSON; without
 * its signature (`header.payload`), its payload must decode to a JSON object as well.
 */
export function isJwt(value: string): boolean {
  const dot = value.indexOf('.');
  if (dot <= 0 || !isJwtHeader(value.slice(0, dot))) return false;
  const second = value.indexOf('.', dot + 1);
  const payload = value.slice(dot + 1, second >= 0 ? second : undefined);
  // A payload that is no JSON and a few characters or words (`….short.token`, `….invalid-payload.signature`) is a
  // made-up token; a long random one may be a signed blob or an encrypted payload, and is kept a token.
  // A word for a signature (`….signature`) over a claim or two of words (`{"iss":"other-service"}`): a sample; a real
  // signature is 43 characters of base64url or more. Claims with an id, a time or an address still say who the token is for.
  if (second >= 0 && /^[a-z]{1,20}(?:[-_][a-z]{1,20}){0,3}$/.test(value.slice(second + 1)) && wordClaims(payload)) return false;
  if (second >= 0) return isJsonObject(payload) || (payload.length >= 8 && !/^[a-z]+(?:[-_][a-z]+)*$/.test(payload));
  return isJsonObject(payload);
}

/** A short payload of JSON whose claims hold words only: no digit, no `@` (`{"sub":"other"}`). */
function wordClaims(payload: string): boolean {
  const decoded = payload.length < 64 ? decodeBase64Url(payload) : undefined;
  return decoded !== undefined && /^\s*\{[^{}\d@]*\}\s*$/.test(decoded);
}

function isJsonObject(part: string): boolean {
  const decoded = decodeBase64Url(part);
  return decoded !== undefined && /^\s*\{[\s\S]*\}\s*$/.test(decoded);
}

/** True when base64 text decodes to a JWT (a token wrapped once more, as in Kubernetes secrets). */
export function isWrappedJwt(value: string): boolean {
  const decoded = decodeBase64Url(value.replace(/=+$/, ''));
  return decoded !== undefined && /^eyJ[\w-]{5,}\.[\w-]*(?:\.[\w-]*)?\s*$/.test(decoded) && isJwt(decoded.trim());
}

/** True when base64 text decodes to the start of a PEM private key (`-----BEGIN … PRIVATE KEY-----`). */
export function isEncodedPrivateKey(token: string): boolean {
  const head = Buffer.from(token.slice(0, 88), 'base64').toString('latin1');
  return /^-----BEGIN (?:[A-Z0-9]{1,20} ){0,4}PRIVATE KEY(?: BLOCK)?-----/.test(head);
}

/** CRC-16/XMODEM (polynomial 0x1021, start 0), as NATS checks its nkeys with. */
function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const b of bytes) {
    crc ^= b << 8;
    for (let k = 0; k < 8; k++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/**
 * A NATS nkey seed (`SU…`, `SA…`, `SO…`, 58 characters of base32): two prefix bytes, the 32-byte
 * private seed and a little-endian CRC-16 over them. The checksum tells an issued seed from a word.
 */
export function isNkeySeed(token: string): boolean {
  if (token.length !== 58) return false;
  const bytes = new Uint8Array(36);
  let bits = 0;
  let acc = 0;
  let n = 0;
  for (const ch of token) {
    const v = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.indexOf(ch);
    if (v < 0) return false;
    acc = (acc << 5) | v;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      if (n < 36) bytes[n++] = (acc >> bits) & 0xff;
    }
    acc &= (1 << bits) - 1;
  }
  return n === 36 && crc16(bytes.subarray(0, 34)) === (bytes[34] | (bytes[35] << 8));
}
