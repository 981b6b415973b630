import { characterClasses, entropy, isPlaceholderValue } from '../checks';
import { isCountingFiller, isFakeBody } from '../token-checks';

// Which keys name a secret, and which assigned values are worth redacting. Kept apart from
// the parser (assignment-values.ts) so the policy can be read (and argued with) on one screen.

export type AssignmentKind = 'password' | 'api_key' | 'aws_secret_key';

const PASSWORD_WORDS = [
  'password', 'passwd', 'passphrase', 'pwd',
  // Its abbreviations and misspellings in real configs (`DB_PSWD`, `ADMIN_PASWD`).
  'pswd', 'psswd', 'pswrd', 'psword', 'psswrd', 'pssword', 'paswd', 'paswrd', 'pasword', 'passwrd',
  // German, Dutch, Norwegian, Finnish, Portuguese, Spanish, Polish, Swedish (accents folded: contraseña → contrasena).
  'passwort', 'kennwort', 'wachtwoord', 'passord', 'salasana', 'senha', 'contrasena', 'haslo', 'losenord',
];
const SECRET_SUFFIXES = [
  'apikey', 'secret', 'secrete', 'token', 'secretkey', 'secretkeybase', 'accesskey', 'privatekey', 'authkey',
  'signingkey', 'encryptionkey', 'masterkey', 'sessionkey', 'licensekey', 'hmackey', 'sharedkey',
  'credential', 'credentials', 'creds', 'auth', 'clientsecret', 'secretid', 'appkey', 'applicationkey',
  // Azure Storage's `AccountKey` (`storageAccountKey`; `storage` alone names a cache key), a registry login's `.dockerconfigjson`.
  'accountkey', 'dockerconfigjson', 'dockercfg',
];
const SECRET_WORDS = ['apikey', 'secret', 'token', 'privatekey', 'accesskey', 'credential'];
/** Words after a secret word that make the key name something else: `password_min_length`, `tokenizer_url`. */
const NOT_SECRET_TAIL = new Set([
  'length', 'len', 'min', 'max', 'minlength', 'maxlength', 'hint', 'label', 'prompt', 'placeholder', 'field', 'input',
  'policy', 'regex', 'pattern', 'rule', 'rules', 'reset', 'url', 'uri', 'endpoint', 'path', 'file', 'filename', 'dir',
  'type', 'name', 'expiry', 'expire', 'expires', 'expiration', 'expiresat', 'ttl', 'timeout', 'count', 'size', 'limit', 'header',
  'param', 'version', 'enabled', 'required', 'changed', 'strength', 'error', 'message', 'msg', 'text', 'title',
  'description', 'help', 'format', 'mode', 'store', 'manager', 'provider', 'service', 'hash', 'hashed', 'encoder',
  'validator', 'generator', 'class', 'kind', 'style', 'location', 'env', 'var', 'ref', 'source', 'prefix', 'suffix',
  'index', 'idx', 'bytes', 'bits', 'algorithm', 'alg', 'method', 'scheme', 'usage', 'scope', 'scopes', 'audience',
  'issuer', 'host', 'port', 'user', 'username', 'id', 'ids', 'list', 'map', 'set', 'fn', 'func', 'callback', 'handler',
  'request', 'response', 'result', 'results', 'error', 'errors', 'status', 'state', 'cache', 'at', 'on', 'by', 'is',
  'has', 'should', 'can', 'view', 'page', 'form', 'button', 'link', 'icon', 'visible', 'visibility', 'toggle', 'show',
  'input', 'mask', 'masked', 'field', 'column', 'attr', 'attribute', 'property', 'props', 'option', 'options', 'config',
  'settings', 'count', 'counter', 'stream', 'tokens', 'ize', 'izer', 'ization', 'ized', 'less', 'ly',
]);
/** Providers whose names, as a whole key, hold their key (`cloudflare: "…"`, `stripe = "…"`): vendor-keys.ts. */
export const PROVIDER_NAMES = [
  'adafruit', 'adobe', 'airtable', 'algolia', 'alibaba', 'asana', 'atlassian', 'confluence', 'jira', 'beamer', 'bitbucket', 'bittrex', 'meraki',
  'cloudflare', 'codecov', 'cohere', 'coinbase', 'confluent', 'contentful', 'datadog', 'discord', 'droneci', 'dropbox', 'etsy', 'facebook',
  'fastly', 'finicity', 'finnhub', 'flickr', 'freshbooks', 'gitter', 'gocardless', 'heroku', 'hubspot', 'intercom', 'jfrog', 'artifactory',
  'bintray', 'kraken', 'kucoin', 'launchdarkly', 'linkedin', 'looker', 'mailchimp', 'mailgun', 'mapbox', 'mattermost', 'messagebird',
  'netlify', 'newrelic', 'nytimes', 'okta', 'plaid', 'privateai', 'rapidapi', 'sendbird', 'sentry', 'snyk', 'sonar', 'squarespace', 'sumo',
  'sumologic', 'telegram', 'travis', 'twitch', 'twitter', 'typeform', 'yandex', 'zendesk', 'softlayer', 'cloudant', 'sidekiq', 'dynatrace',
  'pagerduty', 'circleci', 'vercel', 'sendgrid', 'twilio', 'stripe', 'shopify', 'slack', 'github', 'gitlab', 'openai', 'anthropic', 'gemini',
  'mistral', 'groq', 'sourcegraph',
];

/** Providers whose keys are secrets whatever the last word (`heroku_api = …`, `sumo_access_id = …`), and IBM's short names. */
const PROVIDERS = new RegExp([...PROVIDER_NAMES, 'clou', 'ibm', 'iam', 'coshmac', 'contribsys'].join('|'));

/** Words that may follow `pass` in a key that still names a password. */
const PASS_QUALIFIERS = new Set(['secure', 'sec', 'prod', 'production', 'dev', 'development', 'staging', 'stage', 'test', 'local', 'admin', 'root',
  'main', 'primary', 'secondary', 'old', 'new', 'default', 'encrypted', 'enc', 'real', 'live', 'master']);

/** A key's letters and digits, lower-cased: `DB_Api-Key` → `dbapikey`. */
const flatten = (key: string) =>
  key.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[łŁ]/g, 'l').toLowerCase().replace(/[^a-z0-9]/g, '');

function words(key: string): string[] {
  return key.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).filter(Boolean).map((w) => w.toLowerCase());
}

/** True when the words after the secret word (if any) still describe the secret itself. */
function tailIsSecret(all: string[], index: number): boolean {
  return all.slice(index + 1).every((w) => !NOT_SECRET_TAIL.has(w));
}

const classified = new Map<string, AssignmentKind | undefined>();

/** The kind of secret a key names (`DB_PASSWORD` → password, `apiKey` → api_key), if any. */
export function classifyKey(key: string): AssignmentKind | undefined {
  if (classified.has(key)) return classified.get(key);
  const kind = classifyKeyUncached(key);
  if (classified.size > 10_000) classified.clear(); // keys repeat; the memo stays small
  classified.set(key, kind);
  return kind;
}

/** SonarScanner's `sonar.login`: a token, or with `sonar.password` a user name, so only a random value is taken. */
const isSonarLogin = (key: string) => flatten(key).endsWith('sonarlogin');

/** A key without the number that tells copies apart: `sumoKey1`, `typeform_token2`, `API_KEY_3`. */
const unnumbered = (key: string) => key.replace(/(?<=[A-Za-z])[_-]?\d{1,2}$/, '');

function classifyKeyUncached(numbered: string): AssignmentKind | undefined {
  const dotted = unnumbered(numbered);
  if (flatten(dotted).endsWith('secretaccesskey')) return 'aws_secret_key';
  if (isSonarLogin(dotted)) return 'api_key';
  // `a.b.password = …` names a password; `pass.get(…)` and `this.pluginPass.addHelper(…)` are calls.
  const key = dotted.slice(dotted.lastIndexOf('.') + 1);
  const flat = flatten(key);
  if (flat.includes('awssecret')) return 'aws_secret_key';
  if (PASSWORD_WORDS.some((s) => flat.endsWith(s))) return 'password';
  const all = words(key);
  const last = all[all.length - 1];
  if (last === 'pass' || last === 'pw') return 'password';
  // `dbpass`, `userpass`, `smtppass`: run together with what it opens; not `bypass`, `compass`, `renderpass`.
  if (/^(?:db|user|usr|admin|root|mysql|pg|sql|smtp|ftp|sftp|ldap|mail|proxy|redis|ssh|login|my)pass$/.test(flat)) return 'password';
  // `db_pass_secure`, `admin_pass_prod`: `pass` qualified by where or how, not `pass_through`.
  const passAt = all.indexOf('pass');
  if (passAt >= 0 && all.length > passAt + 1 && all.slice(passAt + 1).every((w) => PASS_QUALIFIERS.has(w))) return 'password';
  const passwordAt = all.findIndex((w) => w === 'password' || w === 'passwd' || w === 'passphrase');
  if (passwordAt >= 0 && tailIsSecret(all, passwordAt)) return 'password';
  if (NOT_SECRET_TOKEN.test(flat) || PUBLIC_WORDS.has(all[all.length - 2]) || (last === 'key' && PUBLIC_WORDS.has(all[all.length - 3]))) return undefined;
  if (SECRET_SUFFIXES.some((s) => flat.endsWith(s))) return 'api_key';
  const secretAt = all.findIndex((w, i) => SECRET_WORDS.includes(w) || (w === 'api' && all[i + 1] === 'key'));
  if (secretAt >= 0 && tailIsSecret(all, secretAt + (all[secretAt] === 'api' ? 1 : 0))) return 'api_key';
  // `heroku_api_key`, and a provider before the dot: `sumologic.accessId`.
  if ((namesProvider(flat) || namesProvider(flatten(dotted))) && /(?:key|id|token|secret|sid)$/.test(flat)) return 'api_key';
  // `clarifai_key`, `bitfinexKey`, a bare `key`, Duo's `skey` (its secret key, beside the integration key `ikey`):
  // only a random value is taken for it (isLooseKey).
  if (last === 'skey') return 'api_key';
  // A personal access token (`MATTERMOST_PAT`, `CONTENTFUL_PAT`): a random value only, as for a bare `key` (isLooseKey).
  if (last === 'pat' && all.length > 1) return 'api_key';
  if (last === 'key' && !all.slice(0, -1).some((w) => NOT_SECRET_KEY_WORDS.has(w))) return 'api_key';
  return undefined;
}

/**
 * Verbs and switches before a last word `password` that make the key more often a setting about passwords than one:
 * Ansible's `update_password: always` (or `on_create`), `change_password: true`, `prompt_password`, `allow_empty_password`.
 * A password's owner or use (`new_password`, `confirm_password`, `store_password`, `db_password`) names one.
 */
const PASSWORD_SETTING_WORDS = new Set([
  'update', 'change', 'reset', 'forgot', 'forgotten', 'require', 'requires', 'ask', 'prompt', 'allow', 'skip', 'enable', 'disable',
  'expire', 'rotate', 'remember', 'save', 'show', 'hide', 'toggle', 'validate', 'verify', 'check', 'empty', 'no', 'use', 'must',
]);

function namesPasswordSetting(key: string): boolean {
  const all = words(key);
  const last = all[all.length - 1];
  return (last === 'password' || last === 'passwd') && all.length >= 2 && PASSWORD_SETTING_WORDS.has(all[all.length - 2]);
}

/**
 * Tokens that are not credentials: a CSRF token (`csrf-token`, Rails' `authenticity_token`,
 * Django's `csrfmiddlewaretoken`) is written into every page a server sends, so it is public to whoever
 * reads the page and worthless after the session.
 */
const NOT_SECRET_TOKEN = /csrf|xsrf|^authenticity/;
/** A token or key its issuer calls public (`publicToken`, `publishable_key`, `public_api_key`): it ships to browsers. */
const PUBLIC_WORDS = new Set(['public', 'publishable']);

/** Words before `key` that name a key of data, not a secret: `sort_key`, `cacheKey`, `public_key`, `hotkey`. */
const NOT_SECRET_KEY_WORDS = new Set([
  'primary', 'foreign', 'sort', 'partition', 'range', 'hash', 'cache', 'storage', 'store', 'public', 'pub', 'hot', 'short', 'shortcut',
  'translation', 'i18n', 'lookup', 'map', 'dict', 'row', 'column', 'group', 'entry', 'item', 'index', 'object', 'bucket', 'react', 'unique',
  'composite', 'natural', 'surrogate', 'local', 'query', 'route', 'field', 'prop', 'state', 'list', 'node', 'tree', 'child', 'parent',
  'next', 'prev', 'previous', 'first', 'last', 'sort', 'order', 'color', 'theme', 'locale', 'lang', 'message', 'msg', 'label', 'text',
  'event', 'action', 'type', 'mode', 'name', 'id', 'file', 'path', 'dir', 'url', 'host', 'env', 'config', 'setting', 'settings', 'option',
  'options', 'param', 'params', 'header', 'meta', 'metadata', 'data', 'value', 'values', 'attr', 'attribute', 'property', 'css', 'style',
  // `Sec-WebSocket-Key` carries a nonce for the handshake, not a credential.
  'websocket', 'socket', 'nonce',
]);

/**
 * A key that says only "key" (`clarifai_key`, `bitfinexKey`, `Key`, `?key=`), not which kind:
 * most such keys in code hold names (`sort_key: "created_at"`), so its value must look random.
 */
function isLooseKey(key: string): boolean {
  const own = unnumbered(key.slice(key.lastIndexOf('.') + 1));
  if (words(own).at(-1) === 'pat') return true;
  const flat = flatten(own);
  return flat.endsWith('key') && !SECRET_SUFFIXES.some((s) => flat.endsWith(s)) && !namesProvider(flat);
}

/**
 * A value that looks issued rather than named: 16–512 characters of a token alphabet, letters and
 * digits both (or random letters), random enough, and not words joined by separators
 * (`user-profile-v2`, `app.settings.theme`).
 */
export function looksRandomKey(value: string): boolean {
  if (value.length < 16 || value.length > 512 || !/^[A-Za-z0-9+/=_.~|-]+$/.test(value)) return false;
  if (value.split(/[-_.]/).every((part) => /^[a-z]+\d{0,4}$|^\d{1,4}$/i.test(part) && !/[a-z][A-Z]|[A-Z]{2}[a-z]/.test(part))) return false;
  if (/\d/.test(value) && /[A-Za-z]/.test(value)) return entropy(value) >= 3.3;
  // Letters only: random (mixed case, high entropy), and not words in PascalCase (`UIKeyInputRightArrow`).
  return randomLetters(value) && !/^(?:[A-Z]{1,3}[a-z]{2,})+[A-Z]*$/.test(value);
}

/** A flattened key (`cloudantkey`) that names a provider, or SoftLayer's short `sl_key`/`sl_api_key`. */
function namesProvider(flat: string): boolean {
  return PROVIDERS.test(flat) || flat === 'slkey' || flat === 'slapikey';
}

/** Lower-case letters only but random, as some providers issue keys (Cloudant: 24 letters): long, few repeats. */
function randomLowercase(value: string): boolean {
  return /^[a-z]{20,}$/.test(value) && entropy(value) >= 4;
}

/** Letters only, yet random: mixed case in even measure and high entropy (not a camelCase name). */
export function randomLetters(value: string): boolean {
  if (value.length < 20) return false;
  const upper = value.replace(/[^A-Z]/g, '').length / value.length;
  return upper > 0.2 && upper < 0.8 && entropy(value) >= 3.8;
}

/**
 * A generic secret value: at least 8 characters, no spaces, not a path or URL, and either
 * mixed (two character classes including a digit or symbol) or long and random (32+ chars,
 * entropy ≥ 3.5 bits/char). Plain words (`bearer`, `refreshToken`) are left alone.
 */
export function looksSecret(value: string): boolean {
  if (value.length < 8 || /\s/.test(value)) return false;
  if (/^(?:\.{0,2}\/|~\/|[A-Za-z][A-Za-z0-9+.-]*:\/\/)/.test(value)) return false;
  if (characterClasses(value) >= 2 && /[\d]|[^\w.-]/.test(value)) return entropy(value) >= 2.5;
  return value.length >= 32 && entropy(value) >= 3.5;
}

const TYPE_NAMES = /^(?:string|str|int|number|bool|boolean|bytes|any|unknown|object|char|String|Secret|SecretStr|Optional\[[\w.]*\]|\[\]byte)\??$/;

/**
 * True when an unquoted value is code rather than data: a call, an expression, a dotted path,
 * a type annotation, a line ending in `;`/`,` after an unquoted key (`password: pwd,`), or, in
 * a spaced `=` assignment, another variable named like a secret (`password = new_password`).
 * `codeAssignment` is false for `KEY=value` (.env, shell) and `key: value` (YAML), where an
 * identifier-shaped value is data.
 */
export function isCodeValue(value: string, keyWasQuoted: boolean, codeAssignment: boolean): boolean {
  if (/[(){}[\]]/.test(value[0] ?? '')) return true;
  if (/^[A-Za-z_$][\w$.]*\s*\(/.test(value) || /\)[;,]?$/.test(value)) return true; // a call
  if (/^[!&*|>]/.test(value)) return true; // YAML tags, anchors, aliases, block scalars
  // A printf verb after a key written inside a format string: `"auth:%lld\r\n"`, `\"pass\":%q}`.
  // The width starts with 1-9: a width's leading zeros are flags, and `0*` in both made a run of zeros quadratic.
  if (/^%[-+ #0]*(?:[1-9]\d*)?(?:\.\d+)?(?:[hlqLjzt]{0,2}[a-zA-Z])(?:[^A-Za-z0-9]|$)/.test(value)) return true;
  // A name then an opening bracket: an index, a call or a literal cut where the value's style stops
  // (`token=context.CLIARGS['api_key']`, `auth := Authentication{`, `password = c->argv[1];`).
  if (/^[A-Za-z_$][\w$]*(?:(?:\.|->)[A-Za-z_$][\w$]*)*[[({]/.test(value) && (codeAssignment || /[[({]$|\];?$/.test(value))) return true;
  // A path of a type or constant: Rust's `mio::Token`, C++'s `std::string`, PHP's `\App\Auth::class`.
  if (/^\\?[A-Za-z_][\w\\]*(?:::[A-Za-z_]\w*)+[;,]?$/.test(value)) return true;
  // token = state.tokens[j], key = keys[0]: an indexed name; `q{{w}e)r[t` in a value is data.
  if (codeAssignment && /^[A-Za-z_$][\w$.]*\[[^\]\s]{0,40}\](?:\.[\w$]+|\[[^\]\s]{0,40}\])*[;,]?$/.test(value)) return true;
  const bare = value.replace(/[;,]$/, '');
  // `password: pwd,` in an object literal names a variable; `db_pass: x7#Qz!9,` is data.
  if (!keyWasQuoted && bare !== value && /^[A-Za-z_$][\w$.]*$/.test(bare)) return true;
  if (TYPE_NAMES.test(bare)) return true;
  if (/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(bare) && !/\d/.test(bare)) return true;
  if (codeAssignment && /^[A-Za-z_$][\w$]*$/.test(bare) && /pass|pwd|secret|token|key|cred/i.test(bare)) return true;
  if (/\s(?:as|instanceof|in|of|satisfies)\s/.test(bare)) return true; // TypeScript casts, operators
  if (codeAssignment && /^[A-Za-z_$][\w$.]*\s(?:or|and|if|\?\?)\s/.test(bare)) return true; // `x = given or []`
  // Minified code: `PW=Er&&Er.__spreadArray||function(e,r){…`, `OLDPWD=o}catch(e){var`.
  // A name before `.` or `(` ends in its last letter and any digits: tried from every letter of a long name, `[\w$]*` was quadratic.
  if (/&&|\|\||=>/.test(bare) && /[A-Za-z_$]\d*[.(]/.test(bare)) return true;
  if (/[{}(]/.test(bare) && /(?:^|[^\w$])(?:function|catch|return|var|let|const|typeof|void)(?:[^\w$]|$)/.test(bare)) return true;
  // A TypeScript type after an unquoted key: `pass: UnloadedDescriptor<PluginAPI>[],`.
  if (!keyWasQuoted && /^[A-Z][\w$.]*(?:<[\w$.,\s<>[\]|]{1,80}>)?(?:\[\])*$/.test(bare) && /[<[]/.test(bare)) return true;
  return / [=+*/|&?:<>-]{1,3} /.test(bare); // `a + b`, `x ? y : z`
}

const FAKE_VALUE = /placeholder|redacted|lorem/i;

/**
 * A value marked as made up. `fake`, `dummy` and `foobar` count only when little else is left (`somefakekey`,
 * `dummy-password`, `foobar123`): typed into 24 or more other characters (`ZUfake+eKo3qNxLD…`,
 * `sk-foobar-pTOaX0lK5Ezx…` in SonarSource's OpenAI sample) the rest is a key's worth of characters, as for
 * provider tokens (token-checks.ts).
 */
const isFakeValue = (value: string) => FAKE_VALUE.test(value) || (/fake|dummy|foobar/i.test(value) && value.replace(/fake|dummy|foobar/gi, '').length < 24);

/** Whether an assigned value of this kind should be redacted. */
export function isSecretValue(kind: AssignmentKind, key: string, value: string, where: { quoted: boolean; midLine: boolean }): boolean {
  if (isPlaceholderValue(value) || isFakeValue(value)) return false;
  if (!/[A-Za-z0-9]/.test(value)) return false; // `,.:-*?!` is punctuation, not a password
  // `--ask-password https://host`: a URL after a flag or key is where to log in, not the password.
  if (/^[a-z][a-z0-9+.-]{1,20}:\/\//i.test(value)) return false;
  // `DB_PASSWORD=DB_PASSWORD`: a value that repeats its key's name is a slot to fill in.
  if (value.replace(/["']$/, '').toLowerCase() === key.toLowerCase()) return false;
  // Encrypted at rest, made to be committed: SOPS's `ENC[AES256_GCM,data:…]`, Ansible Vault's header.
  if (/^ENC\[[A-Z0-9_]{3,20},data:|^\$ANSIBLE_VAULT;/.test(value)) return false;
  if (kind === 'password') {
    // `value="abc"`, `pwd: 12`: no service takes a password this short; it is a sample or a field width.
    if (value.length < 4) return false;
    // A file of config or code (`--ask-vault-pass test_vault.yml`: that flag prompts, and takes no value).
    if (/^[\w./-]+\.(?:ya?ml|json|toml|ini|cfg|conf|xml|txt|py|sh|js|ts|rb|php)["']?$/.test(value)) return false;
    if (/^pwd$/i.test(key) && value.startsWith('/')) return false; // shell's PWD is a folder
    // "parse-passwd": "^1.0.0", and yarn.lock's `parse-passwd: "npm:^1.0.0"`
    if (/^(?:npm:)?[~^>=<]{0,2}\d+(?:\.\d+){1,2}(?:-[\w.]+)?$/.test(value)) return false;
    // `update_password: always`: under a setting's name only a value with a letter and a digit is a password.
    if (namesPasswordSetting(key)) return value.length >= 6 && /\d/.test(value) && /[A-Za-z]/.test(value);
    if (where.midLine) return value.length >= 6 && /[\d\W_]/.test(value) && /[A-Za-z]/.test(value) && !/\s/.test(value);
    // An identifier naming a password is a label or error code: "invalidUserNameOrPassword".
    return !(/^[A-Za-z_]+$/.test(value) && /pass|pwd/i.test(value) && value.length > 8);
  }
  if (kind === 'aws_secret_key' && /^[A-Za-z0-9/+]{40}$/.test(value)) return !isFakeBody(value);
  // `API_TOKEN=abcdef1234`, `WPE_APIKEY=test1234`: a key's shape typed out. A password so (`12345678`) is a weak one, still used.
  if (isCountingFiller(value)) return false;
  if (isLooseKey(key) || isSonarLogin(key)) return looksRandomKey(value) && !isFakeBody(value);
  // A package and its version (`jjwt-jackson-0.11.2`, Maven's `group:artifact:version` after a key
  // ending in `token`): names and a dotted version number, which no issued token looks like.
  if (/^[a-z][a-z0-9]*(?:[-_.][a-z][a-z0-9]*)*[-@:]v?\d{1,4}(?:\.\d{1,4}){1,3}(?:[-.][a-z][a-z0-9]*)?$/i.test(value)) return false;
  // Digits alone, sixteen or more, under a token or secret name: client ids and secrets issued as numbers
  // (`asanaToken="0064285786940086"`); a counted run (`1234567…`) or a repeated digit is a placeholder.
  if (/^\d{16,64}$/.test(value)) return entropy(value) >= 2.5 && !/(\d)\1{3}|0123|1234|2345|3456|4567|5678|6789/.test(value);
  // Letters only: an identifier or constant name ("refreshTokenClientAcquireToken"); a random
  // key of 32+ characters almost always has a digit.
  if (/^[A-Za-z_]+$/.test(value)) return randomLetters(value) || (namesProvider(flatten(key)) && randomLowercase(value));
  return looksSecret(value) && !isFakeBody(value);
}
