import type { PatternRule } from '../detector';
import { escapeRegExp } from '../../text/escape-regexp';
import { isFakeBody } from '../token-checks';

// Keys that services put in their own URLs and query parameters rather than behind a prefix of
// their own: a project id in Infura's and Alchemy's endpoints, OpenWeather's `appid`, the `sig` of
// an Azure Logic App's (or any Azure workflow trigger's) SAS URL, a GitHub token written as the user
// of `https://<token>:x-oauth-basic@github.com`, an Azure Function's `?code=`, RapidAPI's keys, whose `msh` and `jsn` are fixed,
// an Event Grid SAS token's `s`, a Bot Framework secret after `BotConnector` or in a Web Chat embed, and a Google OAuth
// client's older 24-character secret passed right after its client id.
// Each is found from a literal with indexOf (one pass for all of them, detector.ts's signatures),
// walking back at most the key's own length: linear on any input.

/** Random enough to be issued: digits and letters, no filler, not one character over and over. */
const issued = (value: string) => /\d/.test(value) && /[A-Za-z]/.test(value) && !isFakeBody(value) && new Set(value).size >= 10;
const END = '(?![\\w-])';

/**
 * ethers.js and MetaMask ship a shared, public Infura project id as their default (`9aa3d95b…`): it is in their
 * published sources and rate-limited for everyone, a library's default rather than anyone's key.
 */
const PUBLIC_INFURA_IDS = new Set(['9aa3d95b3bc440fa88ea12eaa4456161', '84842078b09946638c03157f83405213']);
const infuraKey = (value: string) => issued(value) && !PUBLIC_INFURA_IDS.has(value);

/** A key right after a literal that ends a URL's path or a parameter's name (nothing to walk back over). */
function after(kind: string, literal: string, value: string, accept = issued): PatternRule {
  return { kind, anchor: { literal, back: /(?!)/, maxBack: 0 }, pattern: new RegExp(`${escapeRegExp(literal)}(?<value>${value})${END}`, 'dy'), accept };
}

/**
 * A workflow trigger's signature: HMAC-SHA256 in base64url without padding, 43 characters, as
 * Logic Apps and Power Automate write it in `…/invoke?…&sig=…` or in the parameters a client sends
 * (`'sig': '…'`, `-d "sig=…"`, `params.Add("sig", "…")`). Storage SAS signatures (base64, `%3D` at
 * the end) are azure_sas_signature's in cloud-keys.ts.
 */
const SIG = '[A-Za-z0-9_-]{43}';
const sigIssued = (value: string) => issued(value) && /[a-z]/.test(value) && /[A-Z]/.test(value);

const EVENT_GRID_HOST = 'eventgrid.azure.net';

/**
 * Whether `text` holds `r=` and, within 400 characters after it with no blank or `&` between, an Event Grid host: what
 * `/r=[^\s&]{0,400}eventgrid\.azure\.net/i` finds, in one pass. That regex tried 400 characters from every `r=` of a
 * candidate's 600 before it, at each of thousands of candidates (1 MB of `r=r=…&s=…` took 2 s; hostile18).
 */
export function namesEventGridResource(text: string): boolean {
  const lower = text.toLowerCase();
  // Where the nearest `r=` of the current run (no blank, no `&`) ends; the nearest is the one a host is likeliest within reach of.
  let afterR = -1;
  for (let i = 0; i < lower.length; i++) {
    const c = lower[i];
    if (c === '&' || /\s/.test(c)) afterR = -1;
    else if (c === '=' && i > 0 && lower[i - 1] === 'r') afterR = i + 1;
    else if (c === 'e' && afterR >= 0 && i - afterR <= 400 && lower.startsWith(EVENT_GRID_HOST, i)) return true;
  }
  return false;
}

export const serviceUrlKeyRules: PatternRule[] = [
  // Infura project ids (`mainnet.infura.io/v3/<32 hex>`, also over WebSocket `/ws/v3/`).
  after('infura_key', 'infura.io/v3/', '[0-9a-f]{32}', infuraKey),
  after('infura_key', 'infura.io/ws/v3/', '[0-9a-f]{32}', infuraKey),
  // Alchemy app keys in its RPC endpoints (`eth-mainnet.alchemyapi.io/v2/…`, `….g.alchemy.com/v2/…`).
  after('alchemy_key', 'alchemyapi.io/v2/', '[A-Za-z0-9_-]{32}'),
  after('alchemy_key', 'alchemy.com/v2/', '[A-Za-z0-9_-]{32}'),
  // OpenWeather's API key is a query parameter of every call: `…/weather?q=London&appid=<32 hex>`.
  after('openweather_key', 'appid=', '[0-9a-f]{32}'),
  after('azure_sas_signature', 'sig=', SIG, sigIssued),
  ...["sig'", 'sig"'].map((literal): PatternRule => ({
    kind: 'azure_sas_signature',
    anchor: { literal, back: /['"]/, maxBack: 1 },
    pattern: new RegExp(`(?<q>['"])sig\\k<q>[ \\t]{0,3}[:,][ \\t]{0,3}['"](?<value>${SIG})['"]`, 'dy'),
    accept: sigIssued,
  })),
  // An Azure Functions key in a function's URL (`….azurewebsites.net/api/<name>?code=…`), base64 with its `==` maybe encoded.
  {
    kind: 'azure_functions_key',
    anchor: { literal: 'code=', back: /(?!)/, maxBack: 0, quick: (t, at) => t[at - 1] === '?' || t[at - 1] === '&' },
    pattern: /code=(?<value>[A-Za-z0-9_/+-]{40,100}(?:==|%3D%3D)?)(?![\w%/+=-])/dy,
    accept: (value, text, start) => issued(value) && text.slice(Math.max(0, start - 300), start).includes('.azurewebsites.net/api/'),
  },
  {
    // GitHub's documented form for a token in a clone URL: the token is the user, `x-oauth-basic` a fixed password.
    kind: 'github_token',
    anchor: { literal: ':x-oauth-basic@', back: /[A-Za-z0-9_]/, maxBack: 100 },
    pattern: /(?<![\w$}])(?<value>[A-Za-z0-9_]{20,100}):x-oauth-basic@/dy,
    accept: issued,
  },
  {
    // An Event Grid SAS token, `r=<resource>&e=<expiry>&s=<signature>` (`Authorization: SharedAccessSignature r=…`): the `s`.
    kind: 'azure_sas_signature',
    anchor: { literal: '&s=', back: /(?!)/, maxBack: 0 },
    pattern: /&s=(?<value>[A-Za-z0-9%+/]{40,120})(?![\w%+/-])/dy,
    accept: (value, text, start) => {
      const before = text.slice(Math.max(0, start - 600), start);
      return issued(value) && before.includes('&e=') && namesEventGridResource(before);
    },
  },
  {
    // A Bot Framework Direct Line or Web Chat secret (11 characters, `.`, 43) after its scheme, `BotConnector <secret>`
    // (also `'BotConnector ' + '<secret>'`), or in a Web Chat embed's `?s=`.
    kind: 'azure_bot_secret',
    anchor: { literal: 'BotConnector', back: /(?!)/, maxBack: 0 },
    pattern: /BotConnector[ \t'"+]{1,12}(?<value>[A-Za-z0-9_-]{11}\.[A-Za-z0-9_-]{43})(?![\w-])/dy,
    accept: issued,
  },
  {
    kind: 'azure_bot_secret',
    anchor: { literal: 'webchat.botframework.com/embed/', back: /(?!)/, maxBack: 0 },
    pattern: new RegExp(
      /webchat\.botframework\.com\/embed\/[\w.-]{1,100}\?(?:[\w.-]{1,40}=[^\s&"'<>]{0,200}&){0,4}/.source +
        /s=(?<value>[A-Za-z0-9_-]{11}\.[A-Za-z0-9_-]{43})(?![\w-])/.source,
      'dy',
    ),
    accept: issued,
  },
  {
    // An OAuth client's secret of Google's older form (24 characters) passed right after its client id:
    // `new google.auth.OAuth2("….apps.googleusercontent.com", "<secret>", …)`.
    kind: 'google_oauth',
    anchor: { literal: '.apps.googleusercontent.com', back: /(?!)/, maxBack: 0 },
    pattern: /\.apps\.googleusercontent\.com['"][ \t]{0,3},\s{0,40}['"](?<value>[A-Za-z0-9_-]{24})['"]/dy,
    accept: issued,
  },
  {
    // RapidAPI keys: 10 hex, `msh`, 15 hex, `p`, 6 hex, `jsn`, 12 hex (50 characters).
    kind: 'rapidapi_key',
    anchor: { literal: 'jsn', back: /[0-9a-fmshp]/, maxBack: 35 },
    pattern: /(?<![\w-])[0-9a-f]{10}msh[0-9a-f]{15}p[0-9a-f]{6}jsn[0-9a-f]{12}(?![\w-])/y,
    accept: (value) => !isFakeBody(value),
  },
];
