import { fake, R, type Case, type Negative } from './corpus-helpers';

// Formats that open-source secret scanners (Nosey Parker, Kingfisher, Betterleaks) recognise: provider tokens by
// their prefix, crypt-style hashes, tokens known by the word before them, and a key alone on its
// line with one token. Every value is generated here from the format's alphabet; none is copied.

const uuid = (seed: number) => {
  const h = fake(32, 'hex', seed);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};
/** RFC 4648 base32 in lower case, as Azure DevOps' classic tokens are written. */
const base32 = (length: number, seed: number) => fake(length, 'lower', seed).replace(/[0189]/g, '7');

type Token = [name: string, kind: string, token: string];

const tokens: Token[] = [
  ['tavily key', 'tavily_key', `tvly-${fake(32, 'alnum', 601)}`],
  ['elevenlabs key', 'elevenlabs_key', `sk_${fake(48, 'hex', 602)}`],
  ['mongodb atlas service account secret', 'mongodb_atlas_token', `mdb_sa_sk_${fake(40, 'alnum', 603)}`],
  ['posthog personal key', 'posthog_key', `phx_${fake(43, 'alnum', 604)}`],
  ['segment public api token', 'segment_token', `sgp_${fake(64, 'alnum', 605)}`],
  ['sourcegraph cody key', 'sourcegraph_token', `slk_${fake(64, 'hex', 606)}`],
  ['nvidia api key', 'nvidia_key', `nvapi-${fake(64, 'url', 607)}`],
  ['telnyx v2 key', 'telnyx_key', `KEY${fake(55, 'alnum', 608)}`],
  ['crates.io token', 'cratesio_token', `cio${fake(32, 'alnum', 609)}`],
  ['dependency-track key', 'dependency_track_key', `odt_${fake(32, 'alnum', 610)}`],
  ['ionic token', 'ionic_token', `ion_${fake(42, 'alnum', 611)}`],
  ['clickup personal token', 'clickup_token', `pk_${fake(8, 'digits', 612).replace(/^0/, '7')}_${fake(32, 'upper', 613)}`],
  ['twitch stream key', 'twitch_stream_key', `live_${fake(9, 'digits', 614).replace(/^0/, '3')}_${fake(30, 'alnum', 615)}`],
  ['flexport key', 'flexport_key', `shltm_${fake(40, 'url', 616)}`],
  ['cockroachdb cloud key', 'cockroachdb_key', `CCDB1_${fake(22, 'alnum', 617)}_${fake(40, 'alnum', 618)}`],
  ['devin service key', 'devin_key', `apk_${Buffer.from(`org-${fake(32, 'hex', 619)}:${fake(32, 'hex', 620)}`).toString('base64')}`],
  ['pagar.me live key', 'pagarme_key', `ak_live_${fake(30, 'alnum', 617)}`],
  ['ticket tailor key', 'tickettailor_key', `sk_${fake(4, 'digits', 618)}_${fake(6, 'digits', 619)}_${fake(32, 'hex', 620)}`],
  ['ubidots token', 'ubidots_token', `BBFF-${fake(30, 'alnum', 621)}`],
  ['pubnub publish key', 'pubnub_key', `pub-c-${uuid(622)}`],
  ['zoho oauth token', 'zoho_token', `1000.${fake(32, 'hex', 623)}.${fake(32, 'hex', 624)}`],
  ['salesforce session', 'salesforce_token', `00D${fake(12, 'alnum', 625)}!${fake(96, 'alnum', 626)}`],
  ['amazon mws auth token', 'aws_mws_token', `amzn.mws.${uuid(627)}`],
  ['teams connector url before webhook.office.com', 'teams_webhook',
    `https://outlook.office.com/webhook/${uuid(628)}@${uuid(629)}/IncomingWebhook/${fake(32, 'hex', 630)}/${uuid(631)}`],
  ['md5crypt hash', 'password_hash', `$1$${fake(8, 'alnum', 632)}$${fake(22, 'alnum', 633)}`],
  ['cisco type 8 hash', 'password_hash', `$8$${fake(14, 'alnum', 634)}$${fake(43, 'alnum', 635)}`],
  ['yescrypt hash', 'password_hash', `$y$j9T$${fake(22, 'alnum', 636)}$${fake(43, 'alnum', 637)}`],
  ['kerberos as-rep hash', 'password_hash', `$krb5asrep$23$${fake(32, 'hex', 638)}$${fake(200, 'hex', 639)}`],
  ['azure devops pat (2024 format)', 'azure_devops_token', `${fake(52, 'alnum', 640)}JQQJ99${fake(18, 'alnum', 641)}AZDO${fake(4, 'alnum', 642)}`],
  ['new relic license key', 'newrelic_key', `eu01xx${fake(30, 'hex', 643)}NRAL`],
  ['vault batch-era service token', 'vault_token', `s.${fake(90, 'url', 644)}`],
  ['cerebras key', 'cerebras_key', `csk-${fake(48, 'lower', 1821)}`],
  ['friendli key', 'friendli_key', `flp_${fake(50, 'alnum', 1822)}`],
  ['coderabbit key', 'coderabbit_key', `cr-${fake(58, 'hex', 1823)}`],
  ['scale live key', 'scale_key', `live_${fake(32, 'hex', 1824)}`],
  ['scale callback auth key', 'scale_key', `live_auth_${fake(32, 'hex', 1825)}`],
  ['cursor integrations key', 'api_key', `key_${fake(64, 'hex', 1826)}`],
  ['retell key', 'api_key', `key_${fake(28, 'hex', 1827)}`],
];

const FORMS: Array<(t: string) => [string, (r: string) => string]> = [
  (t) => [`client = Client("${t}")`, (r) => `client = Client("${r}")`],
  (t) => [`try ${t} on staging`, (r) => `try ${r} on staging`],
  (t) => [`  - ${t}`, (r) => `  - ${r}`],
];

const HEX32 = fake(32, 'hex', 650);
const UNSEAL = fake(44, 'b64', 651);
const DEVICE = fake(20, 'alnum', 652);
const NAS_KEY = `7-${fake(64, 'alnum', 653)}`;
const PASS = fake(14, 'alnum', 654);
const NGROK = `${fake(27, 'alnum', 655)}_${fake(22, 'alnum', 656)}`;
const ADO = base32(52, 657);
const REPORTER = fake(64, 'hex', 658);
const BUILD_KEY = fake(32, 'alnum', 659);
const LINE_TOKEN = fake(32, 'alnum', 660);
const OKTA = `00${fake(40, 'url', 661)}`;
const FIGMA = `${fake(4, 'hex', 662)}-${uuid(663)}`;
const POSTMARK = uuid(664);
const SONAR = fake(40, 'hex', 665);

/** Scanner formats: tokens in rotating syntaxes, then the ones known by the word before them. */
export const scannerFormatCases: Case[] = [
  ...tokens.map(([name, kind, token], i): Case => {
    const [input, expected] = FORMS[i % FORMS.length](token);
    return [name, input, expected(R(kind))];
  }),
  ['okta token after its name', `okta token ${OKTA}`, `okta token ${R('okta_token')}`],
  ['jenkins crumb header', `curl -H 'Jenkins-Crumb:${HEX32}' -X POST`, `curl -H 'Jenkins-Crumb:${R('jenkins_token')}' -X POST`],
  [
    'jenkins setup password in its log',
    `Please use the following password to proceed to installation:\n\n${HEX32}\n`,
    `Please use the following password to proceed to installation:\n\n${R('password')}\n`,
  ],
  ['mattermost incoming webhook', `WEBHOOK_URL=https://chat.example.org/hooks/${fake(26, 'lower', 1828)}`, `WEBHOOK_URL=${R('mattermost_webhook')}`],
  ['bot framework secret after its scheme', `Authorization: BotConnector ${fake(11, 'url', 1829)}.${fake(43, 'url', 1830)}`,
    `Authorization: BotConnector ${R('azure_bot_secret')}`],
  ['sonar login passed to a call', `props.put('sonar.login', '${SONAR}')`, `props.put('sonar.login', '${R('sonarqube_token')}')`],
  ['figma token header', `--header='X-Figma-Token: ${FIGMA}'`, `--header='X-Figma-Token: ${R('figma_token')}'`],
  ['postmark token under its name', `postmark: "${POSTMARK}",`, `postmark: "${R('postmark_token')}",`],
  ['vault unseal key as printed', `Unseal Key 1: ${UNSEAL}`, `Unseal Key 1: ${R('vault_token')}`],
  ['vault unseal key typed to the cli', `vault operator unseal ${UNSEAL}`, `vault operator unseal ${R('vault_token')}`],
  [
    'thingsboard device token in its api path',
    `https://thingsboard.cloud/api/v1/${DEVICE}/telemetry`,
    `https://thingsboard.cloud/api/v1/${R('api_key')}/telemetry`,
  ],
  [
    'truenas key in its websocket login',
    `{"method": "auth.login_with_api_key", "params": ["${NAS_KEY}"]}`,
    `{"method": "auth.login_with_api_key", "params": ["${R('api_key')}"]}`,
  ],
  ['.net network credential', `new NetworkCredential("builder", "${PASS}");`, `new NetworkCredential("builder", "${R('password')}");`],
  [
    '.net directory entry over several lines',
    `new DirectoryEntry("LDAP://corp",\n    "svc-reader",\n    "${PASS}");`,
    `new DirectoryEntry("LDAP://corp",\n    "svc-reader",\n    "${R('password')}");`,
  ],
  ['psexec password', `psexec \\\\build01 -u admin -p ${PASS} cmd`, `psexec \\\\build01 -u admin -p ${R('password')} cmd`],
  ['ngrok authtoken added by its cli', `ngrok config add-authtoken ${NGROK}`, `ngrok config add-authtoken ${R('api_key')}`],
  ['azure devops classic pat', `ado_pat = "${ADO}"`, `ado_pat = "${R('azure_devops_token')}"`],
  ['code climate reporter id', `  CC_TEST_REPORTER_ID: ${REPORTER}`, `  CC_TEST_REPORTER_ID: ${R('api_key')}`],
  [
    'android buildConfigField with a key',
    `buildConfigField "String", "API_KEY", "\\"${BUILD_KEY}\\""`,
    `buildConfigField "String", "API_KEY", "\\"${R('api_key')}\\""`,
  ],
  ['a key and its token separated by spaces (.properties)', `api_secret  ${LINE_TOKEN}`, `api_secret  ${R('api_key')}`],
  ["a Dockerfile's old ENV form", `ENV API_TOKEN ${LINE_TOKEN}`, `ENV API_TOKEN ${R('api_key')}`],
  ['a note naming the service, then the key and token', `clarifai SECRET ${LINE_TOKEN}`, `clarifai SECRET ${R('api_key')}`],
  ['a note naming the service, the key, = and a token', `helpscout SECRET = ${SONAR}`, `helpscout SECRET = ${R('api_key')}`],
  ['a note naming the service, the key, : and a token', `Fastly token: ${LINE_TOKEN}`, `Fastly token: ${R('api_key')}`],
  ['a password that starts with # and holds a digit', `db_password = '#Zq81-kd0pX'`, `db_password = '${R('password')}'`],
  ['a password quoted twice', `"password": "'${PASS}'"`, `"password": "${R('password')}"`],
];

/** Shapes these rules must not take for secrets. */
export const scannerFormatLookalikes: Negative[] = [
  ['shell positional parameters', 'echo "$1$2" && awk \'{print $1$2}\''],
  ['a property chain after s.', 's.aaaaBBBBccccDDDD1111eeeeFFFFgggg = 1'],
  ['a constant name after KEY', 'KEYBOARD_SHORTCUTS_FOR_THE_EDITOR_PANEL_ARE_LISTED_HERE_NOW = {}'],
  ['a placeholder pubnub key', 'pub-c-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx'],
  ['a commit after jenkins', 'Jenkins built 3f786850e387550fdab836ed7e6dc881de23001b'],
  ['a psexec password from the environment', 'psexec \\\\host -u admin -p %PASSWORD% cmd'],
  ['a placeholder network credential', 'new NetworkCredential("user", "password");'],
  ['a url in buildConfigField', 'buildConfigField "String", "BASE_URL", "\\"https://api.example.com/v1/items\\""'],
  ['an okta domain', 'okta domain dev-123456.okta.com'],
  ['a bare secret word and a word on its line', 'password  resetInstructionsSent'],
  ['a bare secret word and a token on its line (a heading, a label)', `token ${fake(32, 'alnum', 666)}`],
  ['a secret word starting a sentence', 'Token rotation happens every ninety days for all services'],
  ['a version number after 1000.', 'released 1000.2 and 1000.3'],
  ['a label, a key word and a name on its line', 'Cache key: some-cache-key-name-v2'],
  ['a spaced assignment inside a sentence', `the token = ${LINE_TOKEN} and more`],
  // Code around a secret word that scanners' negative samples hold: no value is assigned in any of them.
  ['a key written inside a string, then concatenation', 'sb.append("MasterUserPassword: " + getMasterUserPassword() + ",");'],
  ['a key inside a PHP string, then a lookup', "echo 'password = '.$p['config']['daemon_password'];"],
  ['labels of a login form', 'usernameLabel:"Username or email:",passwordLabel:"Password:",rememberMeLabel:"Remember me:"'],
  ['an AWS policy ARN under a password-named constant', 'IAMUserChangePassword = "arn:aws:iam::aws:policy/IAMUserChangePassword"'],
  ['an element id under a password-named field', 'this.addPassword = "#add-password";'],
  ['a path under a variable', 'REACT_APP_FORGOT_PASSWORD=$REACT_APP_BASE_URL/#/forgot_password'],
  ['a variable quoted twice (shell)', `echo 'export DATABASE_PASSWORD="'$PRECOMPILE_PASSWORD'"' >> .env`],
];
