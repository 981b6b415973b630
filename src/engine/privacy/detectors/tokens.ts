import { findByRules, findBySignatures, type Detector, type Finding, type PatternRule } from '../detector';
import { PrefixIndex, type PrefixRule } from '../prefix-scan';
import { isFakeBody } from '../token-checks';
import { azureKeyRules } from './azure-keys';
import { derPrivateKeyRules } from './der-private-keys';
import { walletPrefixRules } from './pii-devices-wallets';
import { contextPrefixRules, suffixAnchoredRules } from './token-rules-context';
import { devTokenRules } from './token-rules-dev';
import { moreTokenRules } from './token-rules-more';
import { saasTokenRules } from './token-rules-saas';
import { serviceUrlKeyRules } from './service-url-keys';
import { gluedTokenRules } from './glued-tokens';
import { vendorKeyRules } from './vendor-keys';

// Provider tokens. Most start with a documented prefix and are found by one prefix scan over
// the text (prefix-scan.ts). The few formats whose fixed part sits in the middle (Telegram's
// `:AA`, Azure AD's `Q~`, Mailchimp's `-us12`) are found from that literal with `indexOf`,
// walking back a bounded distance; every pattern is bounded, so matching stays linear.

/** Prefixes of the tokens looked for in base64 as well: the formats most often kept in Kubernetes Secrets and CI settings. */
const WRAPPED_PREFIXES = [
  'ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_', 'glpat-', 'npm_', 'xoxb-', 'xoxp-', 'xapp-', 'sk-proj-', 'sk-ant-', 'sk_live_', 'rk_live_',
  'hf_', 'dckr_pat_', 'AKIA', 'AIza', 'SG.', 'pypi-AgE', 'dop_v1_', 'shpat_', 'glsa_', 'sntrys_', 'lin_api_', 'dapi',
];

/** `{"primaryKeyId"`, `{ "primaryKeyId"`, and the same after a line break and two or four spaces, in base64. */
const TINK_JSON_HEADS = ['{"primaryKeyId"', '{ "primaryKeyId"', '{\n  "primaryKeyId"', '{\n    "primaryKeyId"'].map((head) =>
  Buffer.from(head.slice(0, head.length - (head.length % 3))).toString('base64'));

// Prefixed wallet addresses ride along: one scan finds every prefix, whatever family it belongs to.
// Keys under a provider's bare name too (vendor-keys.ts): the names are prefixes like any other.
const prefixIndex: PrefixIndex = new PrefixIndex([
  ...devTokenRules, ...saasTokenRules, ...moreTokenRules, ...contextPrefixRules, ...walletPrefixRules, ...vendorKeyRules, ...wrappedTokenRules(),
]);

/**
 * True when base64 text decodes to exactly one provider token (a Kubernetes Secret's `data:`, a
 * `.dockerconfigjson`, a CI variable stored encoded): the decoded text is scanned by the same rules.
 */
function isWrappedToken(token: string): boolean {
  const decoded = Buffer.from(token, 'base64').toString('latin1').trimEnd();
  if (decoded.length < 16 || /[^\x21-\x7e]/.test(decoded)) return false;
  const found = prefixIndex.scan(decoded);
  return found.length === 1 && found[0].start === 0 && found[0].end === decoded.length;
}

/**
 * Tokens in base64 once more, found by the encoding of their prefix (`Z2hw` is `ghp`, `Z2xwYXQt` is `glpat-`):
 * whole base64 groups only, since the characters after them depend on what follows the prefix.
 */
function wrappedTokenRules(): PrefixRule[] {
  const prefixes = new Set(WRAPPED_PREFIXES.map((p) => Buffer.from(p.slice(0, p.length - (p.length % 3))).toString('base64')));
  return [
    { kind: 'encoded_token', prefixes: [...prefixes], body: /[A-Za-z0-9+/]{16,600}={0,2}/, accept: (token) => isWrappedToken(token) },
    // A Tink keyset in base64 (an environment variable, a secret manager's value), as Tink writes its JSON: compact or indented.
    { kind: 'tink_keyset', prefixes: TINK_JSON_HEADS, body: /[A-Za-z0-9+/]{40,20000}={0,2}/, accept: (token) => isWrappedTinkKeyset(token) },
  ];
}

function isWrappedTinkKeyset(token: string): boolean {
  const json = Buffer.from(token, 'base64').toString('latin1');
  return /"typeUrl"\s{0,20}:\s{0,20}"type\.googleapis\.com\/google\.crypto\.tink\.(?!\w{0,60}PublicKey)\w{1,60}"/.test(json) && json.includes('"value"');
}

/** A JSON quote, escaped up to three times over (a keyset inside a string inside a string). */
const Q = '(?:\\\\{0,7})"';

const anchoredRules: PatternRule[] = [
  ...suffixAnchoredRules,
  {
    kind: 'telegram_bot_token',
    // The bot id, `:`, then 35 characters starting with `A` (BotFather's documented `123456:ABC-DEF1234…`;
    // issued tokens mostly start `AA`; scanners take 34 as well). Digits and lower case in the secret part keep words out.
    anchor: { literal: ':A', back: /\d/, maxBack: 12, quick: (t, at) => /\d/.test(t[at - 1] ?? '') },
    // Also inside the Bot API's own URLs, where `bot` is glued to it: api.telegram.org/bot123…:AA…/getMe.
    pattern: /(?:(?<![\w:])|(?<=\/bot))\d{5,12}:A[A-Za-z0-9_-]{33,34}(?![\w-])/y,
    accept: (value) => {
      const secret = value.slice(value.indexOf(':') + 2);
      // A token without a digit (one in 300) still mixes cases around a `-`, which identifiers (`…ImplBean_x`) do not hold.
      const random = /\d/.test(secret) || (/[A-Z]/.test(secret) && /[A-Za-z]-[A-Za-z]/.test(secret));
      return random && /[a-z]/.test(secret) && !isFakeBody(secret.replace(/^A/, ''));
    },
  },
  {
    // A secret Jenkins keeps encrypted in its XML (credentials.xml, job configs): `{AQAAABAAAAAQ…=}`,
    // version 1, a 16-byte IV; decryptable by anyone holding the controller's master key. The marker
    // followed by a value (`{AQAAABAAA value}`, as scanners' test data write it) counts too.
    kind: 'jenkins_secret',
    anchor: { literal: 'AQAAABAAA', back: /[{\w -]/, maxBack: 42 },
    pattern: /\{(?<value>(?:[A-Za-z0-9_-]{2,40} )?AQAAABAAA(?:[A-Za-z0-9+/]{12,4096}={0,2}|A?[ \t]+[^{}\s][^{}\n]{5,400}))\}/dy,
  },
  {
    kind: 'azure_client_secret',
    anchor: { literal: 'Q~', back: /[A-Za-z0-9_~.]/, maxBack: 4 },
    pattern: /(?<![\w~.-])[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![\w~.-])/y,
    accept: (value) => !isFakeBody(value.slice(6)),
  },
  {
    kind: 'mailchimp_key',
    anchor: { literal: '-us', back: /[a-f0-9]/, maxBack: 32 },
    pattern: /(?<![\w-])[a-f0-9]{32}-us\d{1,2}(?![\w-])/y,
    accept: (value) => !isFakeBody(value.slice(0, 32)),
  },
  {
    kind: 'maxmind_key',
    anchor: { literal: '_mmk', back: /[A-Za-z0-9_]/, maxBack: 36 },
    pattern: /(?<![\w-])[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk(?![\w-])/y,
  },
  {
    // A Facebook app access token: the app's id, `|`, then its secret or a 27-character hash.
    kind: 'facebook_token',
    anchor: { literal: '|', back: /\d/, maxBack: 16, quick: (t, at) => /\d/.test(t[at - 1] ?? '') && /[A-Za-z0-9_-]/.test(t[at + 1] ?? '') },
    pattern: /(?<![\w|])\d{15,16}\|(?:[A-Za-z0-9_-]{27}|[a-f0-9]{32})(?![\w-])/y,
    accept: (value) => !isFakeBody(value.slice(value.indexOf('|') + 1)),
  },
  {
    kind: 'terraform_token',
    anchor: { literal: '.atlasv1.', back: /[A-Za-z0-9]/, maxBack: 14 },
    pattern: /(?<![\w-])[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70}(?![\w-])/y,
    accept: (value) => !isFakeBody(value),
  },
  {
    // A Tink keyset in JSON (`"typeUrl": "type.googleapis.com/google.crypto.tink.AesGcmKey", "value": "GhB…"`): the
    // value is the key material, readable by anyone. Public keys (`…PublicKey`) are not secrets; the quotes may be
    // escaped, the keyset being a string inside other JSON.
    kind: 'tink_keyset',
    anchor: { literal: 'google.crypto.tink.', back: /[^\s\S]/, maxBack: 0 },
    pattern: new RegExp(
      `google\\.crypto\\.tink\\.(?!\\w{0,60}PublicKey)\\w{1,60}${Q}\\s{0,20},\\s{0,20}${Q}value${Q}\\s{0,5}:\\s{0,5}${Q}(?<value>[A-Za-z0-9+/]{16,8000}={0,2})`,
      'dy',
    ),
  },
  {
    kind: 'sidekiq_secret',
    hint: '__CONTRIBSYS__COM',
    pattern: /BUNDLE_(?:ENTERPRISE|GEMS)__CONTRIBSYS__COM[ \t]{0,5}[=:][ \t]{0,5}["']?(?<value>[a-f0-9]{8}:[a-f0-9]{8})(?![\w-])/dgi,
    accept: (value) => !value.split(':').every(isHexWord),
  },
  {
    kind: 'sidekiq_secret',
    hint: 'contribsys.com',
    pattern: /https?:\/\/(?<value>[a-f0-9]{8}:[a-f0-9]{8})@(?:gems|enterprise)\.contribsys\.com/dgi,
    accept: (value) => !value.split(':').every(isHexWord),
  },
];

/**
 * Dropbox's long-lived tokens: eleven characters, ten `A`s, 43 more (64 in all). Found from the `A`s
 * with indexOf; scanners' test data write the `A`s in any case, which a case-blind pass finds only in
 * a text that names Dropbox.
 */
const DROPBOX_AT = /(?<![\w-])[a-z0-9]{11}a{10}[a-z0-9_=-]{43}(?![\w=-])/iy;
const DROPBOX_ANY_CASE = /(?<![\w-])[a-z0-9]{11}a{10}[a-z0-9_=-]{43}(?![\w=-])/gi;

function findDropboxTokens(text: string, out: Array<Omit<Finding, 'priority'>>): void {
  if (text.length < 64) return;
  const add = (start: number, token: string) => {
    if (/\d/.test(token) && !isFakeBody(token.slice(21))) out.push({ kind: 'dropbox_token', start, end: start + 64 });
  };
  if (/dropbox/i.test(text)) {
    DROPBOX_ANY_CASE.lastIndex = 0;
    for (let m = DROPBOX_ANY_CASE.exec(text); m !== null; m = DROPBOX_ANY_CASE.exec(text)) add(m.index, m[0]);
    return;
  }
  for (let at = text.indexOf('AAAAAAAAAA'); at >= 0; ) {
    let runEnd = at + 10;
    while (text.charCodeAt(runEnd) === 65) runEnd++;
    // The token starts at the word's start, at most eleven characters before its run of `A`s (which may begin in those eleven).
    let start = at;
    while (start > 0 && at - start <= 11 && /[\w-]/.test(text[start - 1])) start--;
    DROPBOX_AT.lastIndex = start;
    const m = at - start <= 11 ? DROPBOX_AT.exec(text) : null;
    if (m) add(start, m[0]);
    at = text.indexOf('AAAAAAAAAA', runEnd);
  }
}

/**
 * Eight hex digits that spell a word (`cafebabe:deadbeef`, Sidekiq's documented sample login) or repeat one digit:
 * the magic numbers programmers type when a value must look like hex.
 */
function isHexWord(part: string): boolean {
  return /^(?:cafebabe|deadbeef|feedface|deadc0de|baadf00d|decafbad|cafed00d|(.)\1{7})$/i.test(part);
}

// Keys known by a fixed part inside them (Azure's signatures, the heads of DER private keys): one pass finds them all.
const signatureRules: PatternRule[] = [...azureKeyRules, ...derPrivateKeyRules, ...serviceUrlKeyRules, ...gluedTokenRules];

/** API tokens of several hundred providers, webhook URLs, and JSON Web Tokens. */
export const tokenDetector: Detector = {
  name: 'tokens',
  kinds: [...new Set([...prefixIndex.kinds(), ...anchoredRules.map((r) => r.kind), ...signatureRules.map((r) => r.kind)])],
  priority: 90,
  find: (text) => {
    const out = prefixIndex.scan(text).concat(findByRules(anchoredRules, text), findBySignatures(signatureRules, text));
    findDropboxTokens(text, out);
    return out;
  },
};
