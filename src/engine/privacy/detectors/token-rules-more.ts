import type { PrefixRule } from '../prefix-scan';
import { isCountingUuid, isFakeBody, isNkeySeed, notFake } from '../token-checks';

// More providers' tokens and crypt-style password hashes, each by its literal start: formats that
// open-source secret scanners (Nosey Parker, Kingfisher) recognise and the rules in
// token-rules-dev.ts / token-rules-saas.ts did not. Bodies are bounded so the scan stays linear.

const digitAndLetter = (_t: string, body: string) => /\d/.test(body) && /[A-Za-z]/.test(body) && !isFakeBody(body);
const mixed = (_t: string, body: string) => /\d/.test(body) && /[a-z]/.test(body) && /[A-Z]/.test(body) && !isFakeBody(body);

function rule(kind: string, prefixes: string | string[], body: RegExp, accept = notFake): PrefixRule {
  return { kind, prefixes: typeof prefixes === 'string' ? [prefixes] : prefixes, body, accept };
}

const UUID = /[0-9a-z]{8}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{12}/.source;
const HEX_UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.source;
/** The alphabet of crypt(3) salts and hashes. */
const CRYPT = '[./A-Za-z0-9]';

export const moreTokenRules: PrefixRule[] = [
  // AI and data services
  rule('tavily_key', 'tvly-', /(?:dev-|prod-)?[A-Za-z0-9]{32}/, digitAndLetter),
  rule('elevenlabs_key', 'sk_', /[a-f0-9]{48}/, digitAndLetter),
  rule('mongodb_atlas_token', 'mdb_sa_sk_', /[A-Za-z0-9_-]{40}/, digitAndLetter),
  rule('posthog_key', 'phx_', /[A-Za-z0-9_]{43}/, digitAndLetter),
  // PostHog's other secrets: personal keys of 35 random bytes in base62 (up to 48 characters), secret API keys
  // (`phs_`), OAuth access and refresh tokens (`pha_`, `phr_`). Project keys (`phc_`) are public by design.
  rule('posthog_key', ['phx_', 'phs_', 'pha_', 'phr_'], /[A-Za-z0-9]{40,64}/, mixed),
  // Together AI (`tgp_v1_` and 43 of base64url) and LlamaCloud (`llx-` and 48).
  rule('together_key', 'tgp_v1_', /[A-Za-z0-9_-]{43}/, mixed),
  rule('llamacloud_key', 'llx-', /[A-Za-z0-9_-]{48}/, mixed),
  // Segment's public API tokens share Sourcegraph's `sgp_`; 64 characters of any case tell them apart.
  rule('segment_token', 'sgp_', /[A-Za-z0-9]{64}/, digitAndLetter),
  rule('sourcegraph_token', 'slk_', /[a-f0-9]{64}/, digitAndLetter),
  rule('nvidia_key', 'nvapi-', /[A-Za-z0-9_-]{64}/, digitAndLetter),
  rule('telnyx_key', 'KEY', /[A-Za-z0-9_-]{55}/, mixed),
  // Developer tools and registries
  rule('cratesio_token', 'cio', /[A-Za-z0-9]{32}/, mixed),
  rule('dependency_track_key', 'odt_', /[A-Za-z0-9]{32,255}/, digitAndLetter),
  // Instagram (Basic Display) user access tokens: `IGQV` and some 150 to 250 characters of base64url.
  rule('instagram_token', 'IGQV', /[A-Za-z0-9_-]{120,400}/, mixed),
  // Docker Swarm's join token (`SWMTKN-1-`, the CA's digest and the secret in base36) and its unlock key.
  rule('docker_swarm_token', 'SWMTKN-1-', /[a-z0-9]{50}-[a-z0-9]{25}/, digitAndLetter),
  rule('docker_swarm_token', 'SWMKEY-1-', /[A-Za-z0-9+/]{43}/, digitAndLetter),
  // NATS nkey seeds (user, account, operator, server, cluster, curve): 58 characters of base32 ending in a
  // CRC-16; a seed whose checksum fails is kept only if it looks random (a hand-edited test seed still is one).
  rule('nats_seed', ['SU', 'SA', 'SO', 'SN', 'SC', 'SX'], /[A-Z2-7]{56}/, (token, body) => isNkeySeed(token) || digitAndLetter(token, body)),
  // Defined Networking (Nebula) API keys, WunderGraph Cosmo API keys, Akamai EdgeGrid client and access tokens.
  rule('defined_networking_key', 'dnkey-', /[A-Z2-7]{26}-[A-Z2-7]{52}/, digitAndLetter),
  rule('wundergraph_key', 'cosmo_', /[a-f0-9]{32}/, digitAndLetter),
  rule('akamai_token', 'akab-', /[a-z0-9]{16}-[a-z0-9]{16}/, digitAndLetter),
  rule('ionic_token', 'ion_', /[A-Za-z0-9]{42}/, digitAndLetter),
  rule('clickup_token', 'pk_', /\d{7,8}_[A-Z0-9]{32}/),
  // Private Packagist: API key (`packagist_ack_`) and secret (`packagist_acs_`), organization read/update,
  // user update and conductor tokens, all lower-case hex after the prefix.
  rule('packagist_token', 'packagist_ack_', /[0-9a-f]{28,32}/, digitAndLetter),
  rule('packagist_token', 'packagist_acs_', /[0-9a-f]{64,96}/, digitAndLetter),
  rule('packagist_token', ['packagist_ort_', 'packagist_out_', 'packagist_uut_', 'packagist_cut_'], /[0-9a-f]{68}/, digitAndLetter),
  // Deno Deploy personal (`ddp_`) and organization (`ddo_`) access tokens: 36 letters and digits.
  rule('deno_token', ['ddp_', 'ddo_'], /[A-Za-z0-9]{36}/, mixed),
  // Postman collection access tokens: `PMAT-` and a ULID (26 characters of Crockford's base32).
  rule('postman_token', 'PMAT-', /[0-9A-HJKMNP-TV-Z]{26}/, digitAndLetter),
  // xAI management keys (the API's own keys are `xai-` + 80, in token-rules-saas.ts).
  rule('xai_key', 'xai-token-', /[A-Za-z0-9]{80}/, mixed),
  // Elastic Cloud serverless API keys: `essu_` and 92 characters of base64 (the encoded id:key and a checksum).
  rule('elastic_key', 'essu_', /[A-Za-z0-9+/]{90}(?:[A-Za-z0-9+/]{2}|[A-Za-z0-9+/]=|==)/, digitAndLetter),
  // Cloud Storage HMAC access ids: `GOOG` and 57 upper-case letters and digits (service accounts) or 20 (user accounts).
  rule('gcp_hmac_key', 'GOOG', /[A-Z0-9]{57}|[A-Z0-9]{20}/, (_t, body) => /\d/.test(body) && /[A-Z]/.test(body) && !isFakeBody(body)),
  // Firebase Cloud Messaging registration tokens (`<instance id>:APA91b…`): with the legacy server key they address a device.
  rule('firebase_key', 'APA91b', /[A-Za-z0-9_-]{100,200}/, mixed),
  // Vault batch tokens (`b.AAAAAQ…`): self-contained, encrypted, valid without a lookup in Vault's store.
  rule('vault_token', 'b.AAAAAQ', /[A-Za-z0-9_-]{80,400}/, mixed),
  rule('riot_key', 'RGAPI-', new RegExp(HEX_UUID), (t, body) => digitAndLetter(t, body) && !isCountingUuid(body)),
  // Django's generated SECRET_KEY: `django-insecure-` then 50 of get_random_secret_key()'s alphabet.
  rule('django_secret_key', 'django-insecure-', /[a-z0-9!@#$%^&*(\-_=+)]{50}(?![a-z0-9!@#$%^&*(\-_=+)])/, (_t, body) =>
    /\d/.test(body) && /[a-z]/.test(body) && /[^a-z0-9]/.test(body)),
  // Cerebras (`csk-` and 48 lower-case letters and digits), Friendli (`flp_`), CodeRabbit (`cr-` and 58 hex).
  rule('cerebras_key', 'csk-', /[a-z0-9]{48}/, digitAndLetter),
  rule('friendli_key', 'flp_', /[A-Za-z0-9]{44,52}/, mixed),
  rule('coderabbit_key', 'cr-', /[a-f0-9]{58}/, digitAndLetter),
  // Keys written `key_` and hex alone, of the lengths issued: Cursor's 64, Retell's 28, Runway's 128.
  rule('api_key', 'key_', /[a-f0-9]{128}|[a-f0-9]{64}|[a-f0-9]{28}/, digitAndLetter),
  // Scale's live keys and callback auth keys: `live_` (or `live_auth_`) and 32 hex.
  rule('scale_key', ['live_', 'live_auth_'], /[a-f0-9]{32}/, digitAndLetter),
  // Streaming, commerce, IoT, CRM
  rule('twitch_stream_key', 'live_', /\d{8,12}_[A-Za-z0-9]{30,36}/, digitAndLetter),
  rule('flexport_key', 'shltm_', /[A-Za-z0-9_-]{40}/, digitAndLetter),
  rule('pagarme_key', 'ak_live_', /[A-Za-z0-9]{30}/, digitAndLetter),
  rule('tickettailor_key', 'sk_', /\d{4}_\d{6}_[a-f0-9]{32}/),
  rule('ubidots_token', 'BBFF-', /[A-Za-z0-9]{30}/, digitAndLetter),
  rule('pubnub_key', ['pub-c-', 'sub-c-'], new RegExp(UUID), digitAndLetter),
  // Zoho's OAuth tokens: `1000.` and two 32-hex parts.
  rule('zoho_token', '1000.', /[a-f0-9]{32}\.[a-f0-9]{32}/),
  // A Salesforce session: the 15-character org id (`00D…`), `!`, and the opaque token.
  rule('salesforce_token', '00D', /[A-Za-z0-9]{12}![A-Za-z0-9._]{80,200}/),
  rule('aws_mws_token', 'amzn.mws.', new RegExp(HEX_UUID)),
  // Identity verification and device management: Onfido's live keys (with a region), Kolide's API keys.
  rule('onfido_token', ['api_live.', 'api_live_ca.', 'api_live_us.'], /[A-Za-z0-9_-]{11}\.[A-Za-z0-9_-]{32}/),
  rule('kolide_key', 'k2sk_v1_', /[A-Za-z0-9]{24}/, digitAndLetter),
  // Apollo GraphOS graph keys (`APOLLO_KEY=service:<graph id>:<secret>`): the graph's id is a name, the part after it the key.
  rule('apollo_key', 'service:', /[A-Za-z0-9][A-Za-z0-9_-]{0,63}:[A-Za-z0-9_-]{20,64}/, (_t, body) => {
    const secret = body.slice(body.indexOf(':') + 1);
    return /\d/.test(secret) && /[A-Za-z]/.test(secret) && !isFakeBody(secret);
  }),
  // Mattermost's incoming webhooks, on any host but the bare documentation domains (`https://example.com/hooks/…`, a
  // sample): `/hooks/` and the hook's id, 26 lower-case letters and digits.
  rule('mattermost_webhook', ['https://', 'http://'], /[A-Za-z0-9.-]{1,253}(?::\d{1,5})?\/hooks\/[a-z0-9]{26}/, (t, body) =>
    digitAndLetter(t, body.slice(body.lastIndexOf('/') + 1)) && !/^example\.(?:com|org|net)[:/]/.test(body)),
  // Teams' connectors before the move to *.webhook.office.com (`IncomingWebhook` or the connector's own name, `JenkinsCI`).
  rule('teams_webhook', 'https://outlook.office.com/webhook/', new RegExp(`${HEX_UUID}@${HEX_UUID}/[A-Za-z0-9]{2,40}/[a-f0-9]{32}/${HEX_UUID}`)),
  // htpasswd's and LDAP's base64 digests (`user:{SHA}…=`, `userPassword: {SSHA}…`): unsalted SHA-1 falls to a lookup table.
  rule('password_hash', ['{SHA}', '{SSHA}', '{SHA256}', '{SSHA256}', '{SHA512}', '{SSHA512}'], /[A-Za-z0-9+/]{26,120}={0,2}/, digitAndLetter),
  // Password hashes crackable offline: md5crypt, Cisco type 8 (PBKDF2) and 9 (scrypt), yescrypt
  // (today's /etc/shadow), Kerberos AS-REP and TGS hashes as roasting tools print them.
  rule('password_hash', '$1$', new RegExp(`${CRYPT}{1,8}\\$${CRYPT}{22}`)),
  rule('password_hash', ['$8$', '$9$'], new RegExp(`${CRYPT}{8,16}\\$${CRYPT}{43}`)),
  rule('password_hash', '$y$', new RegExp(`${CRYPT}{1,32}\\$${CRYPT}{1,64}\\$${CRYPT}{43}`)),
  // An NTLM authenticate message (type 3) in base64, as `Authorization: NTLM …` carries it: its responses crack offline.
  rule('ntlm_response', 'TlRMTVNTUAADAAAA', /[A-Za-z0-9+/]{60,4000}={0,2}/),
  rule('password_hash', ['$krb5asrep$', '$krb5tgs$'], /(?:17|18|23)\$(?:\*[^\s*]{1,512}\*\$|[^\s:$*]{1,256}:)?[0-9a-f]{24,32}\$[0-9a-f]{64,20000}/),
];
