import { fake, R, type Case, type Negative } from './corpus-helpers';

// Formats from CredSweeper's rule set that the scrubber had missed, each written from the provider's
// published shape (prefix, alphabet, length, checksum) with generated bodies: PostHog, Together AI,
// LlamaCloud, Docker Swarm, NATS nkey seeds, Defined Networking, WunderGraph Cosmo, Akamai EdgeGrid,
// NTLM, Instagram, JSON Web Keys, libcurl's password options, SQL's unquoted, functional and hashed password forms,
// PowerShell's secure strings, curl's bearer option, private keys in build logs.

const uuid = (seed: number) => {
  const h = fake(32, 'hex', seed);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/** An nkey seed as NATS encodes one: prefix bytes, 32 seed bytes and their CRC-16/XMODEM, in base32. */
function nkeySeed(seed: number): string {
  const bytes = [0x90, 0xa0, ...Buffer.from(fake(32, 'alnum', seed))];
  let crc = 0;
  for (const b of bytes) {
    crc ^= b << 8;
    for (let k = 0; k < 8; k++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  bytes.push(crc & 0xff, crc >> 8);
  let bits = '';
  for (const b of bytes) bits += b.toString(2).padStart(8, '0');
  return (bits.match(/.{1,5}/g) ?? []).map((g) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[parseInt(g.padEnd(5, '0'), 2)]).join('');
}

type Token = [name: string, kind: string, token: string];

const tokens: Token[] = [
  ['posthog personal key of 35 bytes', 'posthog_key', `phx_${fake(47, 'alnum', 701)}`],
  ['posthog secret api key', 'posthog_key', `phs_${fake(43, 'alnum', 702)}`],
  ['posthog oauth access token', 'posthog_key', `pha_${fake(43, 'alnum', 703)}`],
  ['together ai key', 'together_key', `tgp_v1_${fake(43, 'url', 704)}`],
  ['llamacloud key', 'llamacloud_key', `llx-${fake(48, 'alnum', 705)}`],
  ['docker swarm join token', 'docker_swarm_token', `SWMTKN-1-${fake(50, 'lower', 706)}-${fake(25, 'lower', 707)}`],
  ['docker swarm unlock key', 'docker_swarm_token', `SWMKEY-1-${fake(43, 'b64', 708)}`],
  ['nats user seed with its checksum', 'nats_seed', nkeySeed(709)],
  ['defined networking api key', 'defined_networking_key', `dnkey-${fake(26, 'upper', 710)}-${fake(52, 'upper', 711)}`],
  ['wundergraph cosmo key', 'wundergraph_key', `cosmo_${fake(32, 'hex', 712)}`],
  ['akamai edgegrid client token', 'akamai_token', `akab-${fake(16, 'lower', 713)}-${fake(16, 'lower', 714)}`],
  ['ntlm authenticate message', 'ntlm_response', `TlRMTVNTUAADAAAAGAAYAEgAAAAYABgAYAAAAA${fake(90, 'b64', 715)}==`],
  ['instagram user token', 'instagram_token', `IGQVJ${fake(180, 'url', 716)}`],
  ['gitlab runner registration token', 'gitlab_token', `glrtr-${fake(40, 'url', 717)}`],
  ['sentry org token whose secret holds a dash', 'sentry_token', `sntrys_eyJ${fake(120, 'b64', 718)}==${fake(20, 'alnum', 719)}-${fake(22, 'alnum', 720)}`],
  ['heroku key shown with its prefix', 'heroku_token', `HRKU-${uuid(721)}`],
  ['supabase versioned management token', 'supabase_token', `sbp_v0_${fake(40, 'hex', 722)}`],
];

const FORMS: Array<(t: string) => [string, (r: string) => string]> = [
  (t) => [`export TOKEN_VALUE=${t}`, (r) => `export TOKEN_VALUE=${r}`],
  (t) => [`  - ${t}`, (r) => `  - ${r}`],
  (t) => [`client = Client("${t}")`, (r) => `client = Client("${r}")`],
];

const GLPAT = `glpat-${fake(20, 'url', 730)}`;
const PASS = fake(14, 'alnum', 731);
const BEARER = fake(60, 'url', 732);
const HASH = fake(40, 'hex', 737).toUpperCase();
const LOGGED = `#7 0.412 ${fake(64, 'b64', 738)}\n#7 0.413 ${fake(40, 'b64', 739)}\n#7 0.413 -----END PRIVATE KEY-----\n#7 DONE 0.5s`;
const [X, Y, D, K] = [fake(43, 'url', 733), fake(43, 'url', 734), fake(43, 'url', 735), fake(22, 'url', 736)];

export const credentialFormatCases: Case[] = [
  ...tokens.map(([name, kind, token], i): Case => {
    const [input, expected] = FORMS[i % FORMS.length](token);
    return [name, input, expected(R(kind))];
  }),
  ['a token a CLI printed in colour', `>>>\u001b[93m${GLPAT}\u001b[0m<<<`, `>>>\u001b[93m${R('gitlab_token')}\u001b[0m<<<`],
  ['libcurl password option', `curl_easy_setopt(curl, CURLOPT_PASSWORD, "${PASS}");`, `curl_easy_setopt(curl, CURLOPT_PASSWORD, "${R('password')}");`],
  ['libcurl user and password', `curl_easy_setopt(h, CURLOPT_USERPWD, "deploy:${PASS}");`, `curl_easy_setopt(h, CURLOPT_USERPWD, "deploy:${R('password')}");`],
  ['libcurl bearer token', `curl_easy_setopt(h, CURLOPT_XOAUTH2_BEARER, "${BEARER}");`, `curl_easy_setopt(h, CURLOPT_XOAUTH2_BEARER, "${R('api_key')}");`],
  ["oracle's unquoted password", `CREATE USER app_rw IDENTIFIED BY ${PASS};`, `CREATE USER app_rw IDENTIFIED BY ${R('password')};`],
  ["mysql's password function", `UPDATE mysql.user SET authentication_string = PASSWORD('${PASS}') WHERE User = 'app';`,
    `UPDATE mysql.user SET authentication_string = PASSWORD('${R('password')}') WHERE User = 'app';`],
  ['the private member of an EC JSON Web Key', `{"kty": "EC", "crv": "P-256", "x": "${X}", "y": "${Y}", "d": "${D}"}`,
    `{"kty": "EC", "crv": "P-256", "x": "${X}", "y": "${Y}", "d": "${R('private_key')}"}`],
  ['a symmetric JSON Web Key, its member before kty', `{"k": "${K}", "kty": "oct"}`, `{"k": "${R('private_key')}", "kty": "oct"}`],
  ["powershell's secure string from plain text", `$cred = New-Object PSCredential('svc', (ConvertTo-SecureString '${PASS}' -AsPlainText -Force))`,
    `$cred = New-Object PSCredential('svc', (ConvertTo-SecureString '${R('password')}' -AsPlainText -Force))`],
  ["curl's oauth2 bearer option", `curl --oauth2-bearer ${BEARER} https://api.internal/v2/items`,
    `curl --oauth2-bearer ${R('api_key')} https://api.internal/v2/items`],
  ['a mysql user exported with its native password hash', `CREATE USER 'app'@'%' IDENTIFIED WITH 'mysql_native_password' AS '*${HASH}';`,
    `CREATE USER 'app'@'%' IDENTIFIED WITH 'mysql_native_password' AS '${R('password')}';`],
  ['a private key a build log printed, each line behind its step and time', `#7 0.412 -----BEGIN PRIVATE KEY-----\n${LOGGED}`,
    `#7 0.412 ${R('private_key')}\n\n\n#7 0.413 -----END PRIVATE KEY-----\n#7 DONE 0.5s`],
  ['a password under an abbreviated key', `DB_PSWD=${PASS}`, `DB_PSWD=${R('password')}`],
];

export const credentialFormatLookalikes: Negative[] = [
  ['a posthog project key (public, shipped to browsers)', `posthog.init('phc_${fake(43, 'alnum', 740)}')`],
  ['an upper-case word of seed length without digits', `S${'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.repeat(3).slice(0, 57)}`],
  ['an ntlm negotiate message (no secret in it)', 'type 1 sent: TlRMTVNTUAABAAAAB4IIogAAAAAAAAAAAAAAAAAAAAAKAGFKAAAADw=='],
  ['identified by in prose', 'Each user is identified by email and by a numeric id.'],
  ['a secure string from a variable', 'ConvertTo-SecureString $plain -AsPlainText -Force'],
  ['a curl bearer token from the environment', 'curl --oauth2-bearer "$API_TOKEN" https://api.example.com'],
  ['a libcurl password taken from a variable', 'curl_easy_setopt(curl, CURLOPT_PASSWORD, password);'],
  ['a password hashed by a call in code', "hashed = hash_password('example')"],
  ['base64 of a sentence that opens as a jfrog reference token does', Buffer.from('reftkn:These are not the tokens you are after!!!').toString('base64')],
  ['an upper-case hex id after AC (Twilio writes its SIDs in lower case)', 'AC123456E2A108CD72F648B1984C3B5A13'],
  ['a public JSON Web Key', `{"kty": "EC", "crv": "P-256", "x": "${X}", "y": "${Y}", "kid": "sig-2024"}`],
  ['a colour code before a plain word', '\u001b[1mWARNING\u001b[0m: deprecated option'],
];
