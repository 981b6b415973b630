import { findByRules, type Detector, type PatternRule } from '../detector';
import { isFakeBody } from '../token-checks';

// Cloud credentials found by their key name rather than a prefix (AWS and Google key ids are
// prefix tokens, in token-rules-saas.ts). AWS secret keys have no prefix at all, so they are
// found by the assignment detector (`aws_secret_access_key = ...`), or here, next to their key id.

/** After a key id: up to 160 characters on its line or the next (not past a blank line), then a 40-character base64 secret. */
const PAIRED_SECRET = /(?![A-Z0-9])(?:[^\n]|\n(?![ \t]*\n)){0,160}?(?<![A-Za-z0-9/+])(?<value>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/.source;

const pairedSecret = (value: string): boolean => /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value) && !isFakeBody(value);

const rules: PatternRule[] = [
  {
    // The secret key written near its key id with no name of its own: a credentials CSV
    // (`AKIA…,wJalr…`), `aws configure` arguments, a pasted pair (on the id's line or the next). 40
    // characters of base64 with both cases and a digit, within 160 characters after the id.
    kind: 'aws_secret_key',
    hint: ['AKIA', 'ASIA', 'ABIA', 'ACCA'],
    pattern: new RegExp(`(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}${PAIRED_SECRET}`, 'dg'),
    accept: pairedSecret,
  },
  {
    // A Cloud Storage HMAC key: its access id (`GOOG…`, 61 or 24 characters) and a 40-character secret, written as AWS's are.
    kind: 'gcp_hmac_secret',
    hint: 'GOOG',
    pattern: new RegExp(`GOOG(?:[A-Z0-9]{57}|[A-Z0-9]{20})${PAIRED_SECRET}`, 'dg'),
    accept: pairedSecret,
  },
  {
    kind: 'gcp_private_key_id',
    hint: 'key_id',
    pattern: /"private_key_id"\s{0,10}:\s{0,10}"(?<value>[0-9a-f]{40})"/dg,
  },
  {
    kind: 'azure_storage_key',
    hint: 'AccountKey=',
    pattern: /AccountKey=(?<value>[A-Za-z0-9+/]{40,100}={0,2})/dg,
  },
  {
    kind: 'azure_shared_access_key',
    hint: 'SharedAccessKey=',
    pattern: /SharedAccessKey=(?<value>[A-Za-z0-9+/]{20,100}={0,2})/dg,
  },
  {
    kind: 'azure_sas_signature',
    hint: 'sig=',
    // Base64, or base64url as Logic Apps and Power Automate trigger URLs sign with.
    pattern: /[?&]sig=(?<value>[A-Za-z0-9%+/_-]{20,200}(?:%3D|=){0,2})/dg,
  },
  {
    // An S3 pre-signed URL opens the object to whoever holds it until it expires: its signature
    // and, for temporary credentials, the session token it carries.
    kind: 'aws_presigned_signature',
    hint: 'X-Amz-Signature=',
    pattern: /[?&]X-Amz-Signature=(?<value>[0-9a-f]{64})(?![0-9a-f])/dg,
  },
  {
    kind: 'aws_presigned_signature',
    hint: 'X-Amz-Security-Token=',
    pattern: /[?&]X-Amz-Security-Token=(?<value>[A-Za-z0-9%+/=_-]{40,2000})/dg,
  },
];

// A Web Push (VAPID) key pair: the public key is an uncompressed P-256 point, 65 bytes in base64url (87
// characters opening with `B`, the point's 0x04), the private key 32 bytes (43 characters). Either alone is
// a random string like many; the two within a few lines of each other, in a text that speaks of VAPID or
// web push, are the pair `web-push generate-vapid-keys` printed. Both go: the private key signs pushes,
// and the public one names the server to every subscriber.
const VAPID_PUBLIC = /(?<![\w-])B[A-Za-z0-9_-]{86}(?![\w-])/;
const VAPID_PRIVATE = /(?<![\w-])[A-Za-z0-9_-]{43}(?![\w-])/;
const VAPID_HINTS = ['vapid', 'Vapid', 'VAPID', 'webpush', 'webPush', 'WebPush', 'web-push', 'web_push'];

/** True when `re` matches within 300 characters before or after `start..end`. */
function near(re: RegExp, text: string, start: number, end: number): boolean {
  return re.test(text.slice(Math.max(0, start - 300), start)) || re.test(text.slice(end, end + 300));
}

const randomKey = (value: string): boolean => /\d/.test(value) && /[a-z]/.test(value) && /[A-Z]/.test(value) && !isFakeBody(value);

rules.push(
  {
    kind: 'vapid_key',
    hint: VAPID_HINTS,
    pattern: new RegExp(VAPID_PUBLIC.source, 'g'),
    accept: (value, text, start) => randomKey(value) && near(VAPID_PRIVATE, text, start, start + value.length),
  },
  {
    kind: 'vapid_key',
    hint: VAPID_HINTS,
    pattern: new RegExp(VAPID_PRIVATE.source, 'g'),
    accept: (value, text, start) => randomKey(value) && near(VAPID_PUBLIC, text, start, start + value.length),
  },
);

/** Google service-account key ids, Azure storage keys and SAS signatures, S3 pre-signed URL signatures, Web Push key pairs. */
export const cloudKeyDetector: Detector = {
  name: 'cloud-keys',
  kinds: [...new Set(rules.map((r) => r.kind))],
  priority: 90,
  find: (text) => findByRules(rules, text),
};
