import type { PrefixRule } from '../prefix-scan';
import { hasHexCrc32Checksum, isCountingFiller, isFakeBody, isJwt, isWrappedJwt, notFake } from '../token-checks';

// Tokens of cloud platforms, AI providers, payments, messaging and other SaaS, from each
// provider's published format. Kinds that existed before (aws_access_key, stripe_key, ...) keep
// their names so redaction counts stay comparable.

const mixed = (_t: string, body: string) => /\d/.test(body) && /[a-z]/.test(body) && /[A-Z]/.test(body) && !isFakeBody(body);
const digitAndLetter = (_t: string, body: string) => /\d/.test(body) && /[A-Za-z]/.test(body) && !isFakeBody(body);

function rule(kind: string, prefixes: string | string[], body: RegExp, accept = notFake): PrefixRule {
  return { kind, prefixes: typeof prefixes === 'string' ? [prefixes] : prefixes, body, accept };
}

/**
 * Slack tokens are numeric ids and a random part of 8 or more characters after the last dash, with
 * digits and letters in them: `xoxp-1234567890` (ids only), `xoxb-abcdef-abcdef` (no digit),
 * `xoxb-12345-abcd234` (a short tail) and a tail masked as `-####` are samples, not tokens.
 */
const slackShape = (_t: string, body: string) =>
  digitAndLetter(_t, body) && body.length - body.lastIndexOf('-') > 8;

/** Discord user ids are decimal snowflakes, so a bot token's base64 first part starts like this. */
const DISCORD_STARTS = ['MT', 'Mj', 'Mz', 'ND', 'NT', 'Nj', 'Nz', 'OD', 'OT'];

export const saasTokenRules: PrefixRule[] = [
  // Cloud platforms
  rule('aws_access_key', ['AKIA', 'ASIA', 'ABIA', 'ACCA'], /[A-Z0-9]{16}/),
  rule('aws_access_key', 'A3T', /[A-Z0-9]{17}/),
  rule('aws_bedrock_key', 'ABSK', /[A-Za-z0-9+/]{100,300}={0,2}/),
  rule('aws_bedrock_key', 'bedrock-api-key-', /[A-Za-z0-9+/=_-]{40,2000}/),
  rule('gcp_api_key', 'AIza', /[0-9A-Za-z_-]{35}/),
  rule('google_oauth', 'GOCSPX-', /[A-Za-z0-9_-]{24,40}/),
  rule('google_oauth', 'ya29.', /[A-Za-z0-9_-]{20,2048}/),
  rule('google_oauth', '1//0', /[A-Za-z0-9_-]{30,512}/),
  // Firebase Cloud Messaging legacy server keys: `AAAA` + 7, a colon, then `APA91b…`.
  rule('firebase_key', 'AAAA', /[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{128,144}/),
  rule('alibaba_access_key', 'LTAI', /[A-Za-z0-9]{12,20}/, digitAndLetter),
  rule('digitalocean_token', ['doo_v1_', 'dop_v1_', 'dor_v1_'], /[a-f0-9]{64}/),
  rule('cloudflare_key', 'v1.0-', /[a-f0-9]{24}-[a-f0-9]{146}/),
  // Scannable API credentials (2026): Global API Key `cfk_`, user `cfut_` and account `cfat_` tokens, 40 characters and their
  // CRC32 in hex. A failed checksum is still a key unless the body is a filler, as for GitHub's.
  rule('cloudflare_key', ['cfk_', 'cfut_', 'cfat_'], /[A-Za-z0-9]{40}[0-9a-f]{8}/, (_t, body) => hasHexCrc32Checksum(body, 40) || digitAndLetter(_t, body)),
  // Vercel's prefixed tokens: personal `vcp_`, integration `vci_`, app `vca_`, refresh `vcr_`, `vck_` keys.
  rule('vercel_token', ['vcp_', 'vci_', 'vca_', 'vcr_', 'vck_'], /[A-Za-z0-9]{24,60}/, mixed),
  rule('yandex_key', 'AQVN', /[A-Za-z0-9_-]{35,38}/),
  rule('yandex_key', 'YC', /[A-Za-z0-9_-]{38}/, mixed),
  // An IAM token: `t1.`, a first part of any length, `.`, and 86 characters.
  rule('yandex_key', 't1.', /[A-Z0-9a-z_-]{1,200}={0,2}\.[A-Z0-9a-z_-]{86}={0,2}/),
  rule('adobe_secret', 'p8e-', /[A-Za-z0-9]{32}/),
  // SoftLayer's SOAP endpoint takes the API key as the last part of the path.
  rule('softlayer_key', ['https://api.softlayer.com/soap/v3', 'http://api.softlayer.com/soap/v3'], /(?:\.1)?\/[a-z0-9]{64}/),
  // AI providers
  // Anthropic API and admin keys are 93 characters and a closing `AA` after `api03-`/`admin01-`;
  // other lengths are made-up samples or a key shortened for display. Other `sk-ant-` kinds
  // (session, OAuth, versions to come) keep the loose body.
  rule('anthropic_key', ['sk-ant-api03-', 'sk-ant-admin01-'], /[A-Za-z0-9_-]{93}AA/),
  rule('anthropic_key', 'sk-ant-', /(?!api03-|admin01-)[A-Za-z0-9_-]{20,300}/),
  rule('openai_key', ['sk-proj-', 'sk-svcacct-', 'sk-admin-', 'sk-None-'], /[A-Za-z0-9_-]{20,300}/),
  rule('openrouter_key', 'sk-or-v1-', /[a-f0-9]{64}/),
  // The Realtime API's ephemeral client secret, which a server mints and hands to a browser: `ek_` and 32 hex.
  rule('openai_key', 'ek_', /[a-f0-9]{32}/, digitAndLetter),
  rule('openai_key', 'sk-', /[A-Za-z0-9]{32,200}/, (_t, body) => digitAndLetter(_t, body) && (/[A-Z]/.test(body) || body.length >= 32)),
  // Any OpenAI key carries `T3BlbkFJ` (base64 of "OpenAI") mid-body, whatever stands between `sk-` and it
  // (a service account's name: `sk-build-bot-…T3BlbkFJ…`).
  rule('openai_key', 'sk-', /[A-Za-z0-9_-]{1,120}T3BlbkFJ[A-Za-z0-9_-]{16,120}/),
  // 34 letters as issued; TruffleHog reads digits in them too.
  rule('huggingface_token', ['hf_', 'api_org_'], /[A-Za-z0-9]{34}/, (_t, body) => /[A-Z]/.test(body) && /[a-z]/.test(body) && !isFakeBody(body)),
  rule('perplexity_key', 'pplx-', /[A-Za-z0-9]{48}/),
  rule('groq_key', 'gsk_', /[A-Za-z0-9]{52}/),
  rule('xai_key', 'xai-', /[A-Za-z0-9_]{80}/),
  rule('replicate_token', 'r8_', /[A-Za-z0-9_-]{37,48}/, digitAndLetter),
  rule('fireworks_key', 'fw_', /[A-Za-z0-9]{24}/, mixed),
  rule('voyage_key', 'pa-', /[A-Za-z0-9_-]{43}/, mixed),
  // Payments and commerce
  // Publishable keys (`pk_live_`, `pk_test_`) are public by design: Stripe has them shipped in web pages and apps.
  rule('stripe_key', ['sk_live_', 'sk_test_', 'sk_prod_', 'rk_live_', 'rk_test_', 'rk_prod_'], /[A-Za-z0-9]{10,247}/),
  rule('stripe_key', 'whsec_', /[A-Za-z0-9+/]{24,64}/),
  rule('square_token', 'EAAA', /[A-Za-z0-9_-]{22,80}/, mixed),
  // 22 characters in Square's older docs; issued tokens run longer (scanners take 22 to 60).
  rule('square_token', 'sq0atp-', /[A-Za-z0-9_-]{22,60}/),
  rule('square_token', 'sq0csp-', /[A-Za-z0-9_-]{43}/),
  // 32 hex digits; since 2025 longer letters-and-digits bodies (Shopify's changelog: token and app secret lengths increased).
  rule('shopify_token', ['shpat_', 'shpca_', 'shppa_', 'shpss_'], /[A-Za-z0-9]{32,64}/,
    (_t, body) => (/^[a-fA-F0-9]{32}$/.test(body) && !isFakeBody(body)) || mixed(_t, body)),
  // Braintree's access tokens: merchant id, then a secret that semgrep's rule (and its sample) take in any lower-case letter.
  rule('paypal_token', ['access_token$production$', 'access_token$sandbox$'], /[a-z0-9]{16}\$[a-z0-9]{32}/),
  rule('shippo_token', ['shippo_live_', 'shippo_test_'], /[a-fA-F0-9]{40}/),
  rule('easypost_key', ['EZAK', 'EZTK'], /[A-Za-z0-9]{54}/),
  rule('duffel_token', ['duffel_test_', 'duffel_live_'], /[A-Za-z0-9_=-]{43}/),
  rule('flutterwave_key', ['FLWSECK_TEST-', 'FLWSECK-', 'FLWPUBK_TEST-', 'FLWPUBK-'], /[a-hA-H0-9]{32}-X/),
  // The encryption key: 12 characters right after the prefix, written with a dash too (gitleaks' shape).
  rule('flutterwave_key', ['FLWSECK_TEST', 'FLWSECK'], /-?[a-hA-H0-9]{12}/),
  rule('plaid_token', ['access-sandbox-', 'access-development-', 'access-production-'], /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/),
  // Messaging and e-mail
  rule(
    'slack_token',
    ['xoxa-', 'xoxb-', 'xoxe-', 'xoxo-', 'xoxp-', 'xoxr-', 'xoxs-', 'xoxe.xoxb-', 'xoxe.xoxp-'],
    /(?:\d{1,16}-){0,3}[A-Za-z0-9-]{10,250}/,
    slackShape,
  ),
  // A bot or user token in its full shape (team id, bot or user id, 24 random characters), whatever its random part holds.
  rule('slack_token', ['xoxb-', 'xoxp-'], /\d{8,14}-\d{8,14}-[A-Za-z0-9]{24,32}/, (_t, body) => {
    const tail = body.slice(body.lastIndexOf('-') + 1);
    return !isFakeBody(tail) && new Set(tail).size >= 8;
  }),
  // A browser session: the `xoxc-` client token and the `d` cookie (`xoxd-`, URL-encoded base64).
  rule('slack_token', 'xoxc-', /(?:\d{1,16}-){0,3}[A-Za-z0-9-]{10,250}/, slackShape),
  rule('slack_token', 'xoxd-', /[A-Za-z0-9%+/=_-]{20,400}/, digitAndLetter),
  rule('slack_token', 'xapp-', /\d-[A-Z0-9]{6,16}-\d{6,20}-[a-zA-Z0-9]{32,128}/),
  rule(
    'slack_webhook',
    ['https://hooks.slack.com/', 'http://hooks.slack.com/', 'hooks.slack.com/'],
    /(?:services|workflows|triggers)\/[A-Za-z0-9_/+-]{20,200}/,
    // The secret is the last part; one typed as a run (`…/T1234/B5678/abcdefghijklmnopqrstuvwx`) is a sample.
    (_t, body) => !isFakeBody(body) && !isCountingFiller(body.slice(body.lastIndexOf('/') + 1), 64),
  ),
  rule(
    'teams_webhook',
    'https://',
    new RegExp(
      /[A-Za-z0-9-]{1,63}\.webhook\.office\.com\/webhook(?:b2)?\/[A-Za-z0-9@-]{40,120}\/IncomingWebhook\//.source +
        /[A-Za-z0-9]{32}\/[A-Za-z0-9-]{36}(?:\/[A-Za-z0-9_-]{10,80})?/.source,
    ),
    // The tenant's host is a name, often a sample one (`example.webhook.office.com`); the ids after it are the secret.
    (_token, body) => !isFakeBody(body.slice(body.indexOf('/webhook'))),
  ),
  // Automation webhooks: whoever holds the URL can start the workflow.
  rule(
    'zapier_webhook',
    ['https://hooks.zapier.com/hooks/catch/', 'hooks.zapier.com/hooks/catch/'],
    /[A-Za-z0-9]{1,20}\/[A-Za-z0-9]{5,40}|[A-Za-z0-9]{12,40}/,
    (_t, body) => digitAndLetter(_t, body) && !isCountingFiller(body, 64),
  ),
  rule('tines_webhook', 'https://', /[A-Za-z0-9-]{1,63}\.tines\.com\/webhook\/[a-z0-9]{32}\/[a-z0-9]{32}/),
  rule(
    'discord_webhook',
    [
      'https://discord.com/api/webhooks/',
      'https://discordapp.com/api/webhooks/',
      'https://ptb.discord.com/api/webhooks/',
      'https://canary.discord.com/api/webhooks/',
    ],
    /\d{17,20}\/[A-Za-z0-9_-]{60,70}/,
  ),
  rule('discord_token', DISCORD_STARTS, /[A-Za-z0-9]{21,25}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,38}/),
  // `SG.` + 22 + `.` + 43 as issued; gitleaks also takes 66 key characters without the inner dot (no dots
  // there at all here: a dotted name after `SG.` is a path, not a key).
  rule('sendgrid_key', 'SG.', /[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}|[A-Za-z0-9=_-]{66}/, digitAndLetter),
  // Brevo: 64 hex, `-`, 16; the prefix alone is distinctive enough for other bodies of a key's length.
  rule('sendinblue_key', ['xkeysib-', 'xsmtpsib-'], /[a-f0-9]{64}-[A-Za-z0-9]{16}|[A-Za-z0-9_-]{40,100}/, digitAndLetter),
  rule('mailgun_key', ['key-', 'pubkey-'], /[a-z0-9]{32}/, digitAndLetter),
  // Resend: `re_`, 8 characters, `_`, 24 more (snake_case names such as `re_compile_…` lack
  // the capitals and digits of both parts).
  rule('resend_key', 're_', /[A-Za-z0-9]{8}_[A-Za-z0-9]{24}/, mixed),
  rule('twilio_api_key', 'SK', /[0-9a-fA-F]{32}/, digitAndLetter),
  // Twilio writes its SIDs in lower-case hex; `AC` and 32 upper-case hex digits is some other id.
  rule('twilio_account_sid', 'AC', /[0-9a-f]{32}/, digitAndLetter),
  rule('facebook_token', ['EAAC', 'EAAM', 'EAAG', 'EAAB', 'EAAJ', 'EAAI'], /[A-Za-z0-9]{90,500}/),
  rule('twitter_bearer', 'AAAAAAAAAAAAAAAAAAAAA', /A{0,3}[A-Za-z0-9%]{50,120}/, (_t, body) => !isFakeBody(body.replace(/^A+/, ''))),
  rule('notion_token', 'ntn_', /[0-9]{11}[A-Za-z0-9]{35}/),
  rule('notion_token', 'secret_', /[A-Za-z0-9]{43}/, mixed),
  rule('hubspot_token', ['pat-na1-', 'pat-eu1-', 'pat-na2-', 'pat-ap1-'], /[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}/),
  rule('mapbox_token', ['sk.eyJ', 'tk.eyJ'], /[A-Za-z0-9_-]{20,400}\.[A-Za-z0-9_-]{20,100}/),
  // Issued as `sl.`; gitleaks matches the prefix in any case, and at 130+ characters after it no word is mistaken.
  rule('dropbox_token', ['sl.', 'SL.', 'Sl.', 'sL.'], /[A-Za-z0-9_=-]{130,1400}/, digitAndLetter),
  rule('airtable_token', 'pat', /[A-Za-z0-9]{14}\.[a-f0-9]{64}/),
  rule('typeform_token', 'tfp_', /[A-Za-z0-9_.=-]{40,59}/, digitAndLetter),
  rule('frameio_token', 'fio-u-', /[A-Za-z0-9_=-]{64}/),
  rule('adafruit_key', 'aio_', /[A-Za-z0-9]{28}/, mixed),
  // LaunchDarkly's server-side SDK keys and API access tokens (`mob-` keys ship in apps: public).
  // Issued as hex UUIDs; scanners (TruffleHog) take any lower-case letters in the same 8-4-4-4-12 shape.
  rule('launchdarkly_key', ['sdk-', 'api-'], /[a-z0-9]{8}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{12}/, digitAndLetter),
  // BestTime's private API keys (`pub_` keys are the public half).
  rule('besttime_key', 'pri_', /[a-f0-9]{32}/),
  rule('planetscale_token', ['pscale_tkn_', 'pscale_oauth_', 'pscale_pw_'], /[A-Za-z0-9_=.-]{32,64}/),
  // Neon's API keys, Honeycomb's ingest keys, dbt Cloud's service and user tokens, Stytch's secrets, Tencent Cloud's
  // SecretId (an id, as AWS's `AKIA…` is, but the half a scanner finds), Statsig's server secret (exactly 43 after
  // `secret-`, all three classes: a word list after that prefix has none), and Asana's personal tokens (`2/<user>/<app>:<hex>`).
  rule('neon_key', 'napi_', /[a-z0-9]{64}/, digitAndLetter),
  rule('honeycomb_key', ['hcaik_', 'hcxik_'], /[a-z0-9]{58}/, digitAndLetter),
  rule('dbt_token', ['dbtc_', 'dbtu_'], /[A-Za-z0-9_-]{32,80}/, digitAndLetter),
  rule('stytch_key', ['secret-live-', 'secret-test-'], /[A-Za-z0-9_=-]{30,64}/, digitAndLetter),
  rule('tencent_key', 'AKID', /[A-Za-z0-9]{32}/, mixed),
  rule('statsig_key', 'secret-', /[A-Za-z0-9]{43}/, mixed),
  rule('asana_token', ['0/', '1/', '2/'], /\d{13,20}\/\d{13,20}:[a-f0-9]{32}/, digitAndLetter),
  // JSON Web Tokens, raw and base64-wrapped once more (Kubernetes secrets, env files). A token
  // copied without its signature (`header.payload`) still carries its claims: its payload must be JSON too.
  { kind: 'jwt', prefixes: ['eyJ'], body: /[A-Za-z0-9_-]{5,2000}\.[A-Za-z0-9_-]{2,8000}(?:\.[A-Za-z0-9_-]{0,2000})?/, accept: (t) => isJwt(t) },
  { kind: 'jwt', prefixes: ['ZXlK'], body: /[A-Za-z0-9+/]{40,12000}={0,2}/, accept: (t) => isWrappedJwt(t) },
];
