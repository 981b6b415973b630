import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scrubText } from '../../../src/engine/privacy/scrubber';
import { fake, R } from './corpus-helpers';

// Shapes secret scanners list as false positives (samples, templates, public or encrypted values)
// next to the real format they resemble. Values are generated, never copied from a corpus.

const kept = (input: string) => assert.equal(scrubText(input).text, input, input);
const redacted = (input: string, expected: string) => assert.equal(scrubText(input).text, expected);

test('anthropic api and admin keys: 93 characters and AA; other lengths are samples', () => {
  const api = `sk-ant-api03-${fake(93, 'url', 501)}AA`;
  const admin = `sk-ant-admin01-${fake(93, 'url', 502)}AA`;
  redacted(`ANTHROPIC_API_KEY=${api}`, `ANTHROPIC_API_KEY=${R('anthropic_key')}`);
  redacted(`key: ${admin}`, `key: ${R('anthropic_key')}`);
  kept(`sk-ant-api03-${fake(60, 'url', 503)}AA`);
  kept(`sk-ant-admin01-${fake(93, 'url', 504)}BB`);
  // Other kinds and versions keep the loose shape.
  redacted(`sk-ant-oat01-${fake(80, 'url', 505)}`, R('anthropic_key'));
  redacted(`sk-ant-api04-${fake(70, 'url', 571)}`, R('anthropic_key'));
});

test('slack tokens need ids and a random tail of 8+ with digits and letters', () => {
  redacted(`token: xoxb-${fake(12, 'digits', 506)}-${fake(24, 'alnum', 507)}`, `token: ${R('slack_token')}`);
  redacted(`xoxa-2-${fake(12, 'lower', 508)}`, R('slack_token'));
  for (const sample of ['xoxp-1234567890', 'xoxb-abcdef-abcdef', 'xoxb-12345-abcd234', 'xoxb-xoxb-my-bot-token', 'xoxe.xoxp-1-PasteYourConfigTokenHere'])
    kept(sample);
  kept(`"token": "xoxp-${fake(12, 'digits', 509)}-${fake(12, 'digits', 510)}-${fake(12, 'digits', 511)}-####################"`);
});

test('a token-shaped hash in an asset file name is not a token', () => {
  kept(`<link rel="icon" href="/static/favicon.ico-${fake(32, 'hex', 512)}.png">`);
  kept(`/assets/sk-${fake(40, 'alnum', 513)}.js`);
  redacted(`INFRACOST_API_KEY=ico-${fake(32, 'alnum', 514)}`, `INFRACOST_API_KEY=${R('infracost_token')}`);
});

test('terraform token of x is a placeholder', () => {
  kept(`token = "${'x'.repeat(14)}.atlasv1.${'x'.repeat(67)}"`);
  redacted(`token = "${fake(14, 'alnum', 515)}.atlasv1.${fake(67, 'url', 516)}"`, `token = "${R('terraform_token')}"`);
});

test('curl logins written as samples stay; a real password is redacted', () => {
  kept("curl -i -u 'test:test' http://localhost:8080/");
  kept('curl -u <user:password> https://api.example.com/endpoint');
  kept('curl --user admin:admin http://localhost:9200');
  redacted(`curl -u deploy:${fake(14, 'alnum', 517)} https://x.example`, `curl -u deploy:${R('basic_auth')} https://x.example`);
});

test('csrf and public tokens are not credentials; their secret siblings are', () => {
  const value = fake(43, 'url', 518);
  kept(`<input type="hidden" name="authenticity_token" value="${value}" />`);
  kept(`<meta name="csrf-token" content="x">\ncsrf_token=${value}`);
  kept(`csrfmiddlewaretoken = "${value}"`);
  kept(`publicToken = "${value}"`);
  kept(`PUBLISHABLE_KEY=${value}`);
  redacted(`access_token = "${value}"`, `access_token = "${R('api_key')}"`);
});

test('a package and version after a token-named key is not a value to hide', () => {
  kept('notes = "Maven - io.jsonwebtoken:jjwt-jackson-0.11.2"');
  kept('token: left-pad-1.3.0');
});

test('values encrypted at rest (SOPS, Ansible Vault) are left readable', () => {
  kept(`db-password: ENC[AES256_GCM,data:${fake(8, 'b64', 519)}=,iv:${fake(43, 'b64', 520)}=,type:str]`);
  kept('api_token: $ANSIBLE_VAULT;1.1;AES256');
  redacted(`db-password: ${fake(16, 'alnum', 521)}`, `db-password: ${R('password')}`);
});

test('a password of three characters is a sample; four and more are redacted', () => {
  kept('<add key="ClearTextPassword" value="abc" />');
  kept('db_password = "pw1"');
  redacted(`<add key="ClearTextPassword" value="${fake(6, 'alnum', 522)}" />`, `<add key="ClearTextPassword" value="${R('password')}" />`);
});

test('a JWT whose whole header was edited into invalid JSON is still a token; a header cut short is not', () => {
  const header = Buffer.from('{"alg":HS256,"typ":"JWT"}').toString('base64url');
  const payload = Buffer.from(`{"sub":"${fake(10, 'digits', 523)}"}`).toString('base64url');
  const token = `${header}.${payload}.${fake(43, 'url', 524)}`;
  redacted(`JWT := ${token}`, `JWT := ${R('jwt')}`);
  const cut = Buffer.from('{"alg":"HS256","typ":"JWT"').toString('base64url');
  kept(`${cut}.${payload}.${fake(43, 'url', 525)}`);
});

test('telegram tokens in the documented shape: bot id, colon, A and 34 more', () => {
  const token = `${fake(9, 'digits', 526).replace(/^0/, '7')}:A${fake(34, 'lower', 527)}`;
  redacted(`telegram bot: ${token}`, `telegram bot: ${R('telegram_bot_token')}`);
  kept('ids 123456:AbstractProviderConfigurationFactoryBeanX');
});

test('curl logins with the user quoted apart, an e-mail user, or a quoted password', () => {
  const pw = fake(14, 'alnum', 528);
  redacted(`curl --user kevin:'${pw}' -X PATCH`, `curl --user kevin:'${R('basic_auth')}' -X PATCH`);
  redacted(`curl --user "{client}":"${pw}" -d x`, `curl --user "{client}":"${R('basic_auth')}" -d x`);
  redacted(`curl --user ops@example.org:${pw} https://x`, `curl --user ${R('email')}:${R('basic_auth')} https://x`);
  kept('curl -u "test":"test" http://localhost');
});

test('teams webhook hosts in any case, launchdarkly keys in the scanners\' shape', () => {
  const dashed = (n: number, seed: number) => fake(n, 'url', seed).replace(/_/g, '-');
  const path = `webhookb2/${dashed(40, 530)}/IncomingWebhook/${fake(32, 'alnum', 531)}/${dashed(36, 532)}`;
  const hook = `https://Contoso${fake(4, 'alnum', 529)}.webhook.office.com/${path}`;
  redacted(`url = '${hook}'`, `url = '${R('teams_webhook')}'`);
  const id = fake(32, 'lower', 533);
  const key = `api-${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
  redacted(`LD_KEY=${key}`, `LD_KEY=${R('launchdarkly_key')}`);
});

test('kubernetes secrets: kind in lower case or shifted right, list items; trivial values stay', () => {
  const value = Buffer.from(fake(18, 'alnum', 534)).toString('base64');
  redacted(`apiVersion: v1\nkind: secret\ndata:\n\textra: ${value}\n`, `apiVersion: v1\nkind: secret\ndata:\n\textra: ${R('kubernetes_secret')}\n`);
  redacted(`apiVersion: v1\n data:\n  extra: ${value}\n kind: Secret\n`, `apiVersion: v1\n data:\n  extra: ${R('kubernetes_secret')}\n kind: Secret\n`);
  redacted(`items:\n- kind: Secret\n  data:\n    k: ${value}\n`, `items:\n- kind: Secret\n  data:\n    k: ${R('kubernetes_secret')}\n`);
  kept(`kind: Secret\ndata:\n  extra: ${Buffer.from('bar\n').toString('base64')}\n  mode: ${Buffer.from('changeme').toString('base64')}\n`);
  // A reference to a Secret inside another resource does not make that resource's data secret.
  kept(`kind: ConfigMap\nspec:\n  valuesFrom:\n    - kind: Secret\n      name: db\ndata:\n  mode: ${value}\n`);
});

test('fake or dummy typed into a long random body leaves a token; short or marker-only bodies stay fillers', () => {
  const body = `${fake(14, 'alnum', 535)}fake${fake(20, 'alnum', 536)}`;
  redacted(`xoxb-${fake(12, 'digits', 537)}-${body}`, R('slack_token'));
  redacted(`sk-ant-admin01-${fake(40, 'url', 538)}fake${fake(49, 'url', 539)}AA`, R('anthropic_key'));
  kept(`ghp_${'Fake'.repeat(4)}${fake(20, 'alnum', 540)}`);
  kept(`xoxb-${fake(12, 'digits', 542)}-dummy${fake(10, 'alnum', 543)}`);
  kept(`AKIAQ7T3V9EXAMPLE2ZK ghp_${fake(29, 'alnum', 544)}EXAMPLE`);
});

test('provider shapes as secret scanners read them, not only as first issued', () => {
  const bare: Array<[string, string]> = [
    ['buildkite_token', `bkua_${fake(40, 'lower', 545)}`],
    ['supabase_token', `sbp_${fake(40, 'lower', 546)}`],
    ['pulumi_token', `pul-${fake(40, 'lower', 547)}`],
    ['rubygems_token', `rubygems_${fake(48, 'lower', 548)}`],
    ['mailgun_key', `key-${fake(32, 'lower', 549)}`],
    ['huggingface_token', `hf_${fake(34, 'alnum', 550)}`],
    ['postman_token', `PMAK-${fake(59, 'alnum', 551)}`],
    ['tailscale_key', `tskey-${fake(8, 'lower', 552).replace(/\d/g, 'k')}-${fake(40, 'url', 553)}`],
    ['typeform_token', `tfp_${fake(40, 'hex', 554)}`],
    ['sendgrid_key', `SG.${fake(23, 'url', 555)}.${fake(49, 'url', 556)}`],
    ['sendinblue_key', `xkeysib-${fake(60, 'url', 557)}`],
    ['openai_key', `sk-build-bot-${fake(20, 'alnum', 558)}T3BlbkFJ${fake(20, 'alnum', 559)}`],
    ['yandex_key', `t1.${fake(10, 'alnum', 560)}.${fake(86, 'url', 561)}`],
    ['artifactory_token', `AKCp${fake(69, 'lower', 562)}`],
    ['newrelic_key', `NRAK-${fake(27, 'lower', 563)}`],
    ['square_token', `sq0atp-${fake(27, 'url', 564)}`],
    ['flutterwave_key', `FLWSECK_TEST-${fake(12, 'hex', 565).replace(/[a-f]/g, 'b')}`],
  ];
  for (const [kind, token] of bare) redacted(`value: ${token}\n`, `value: ${R(kind)}\n`);
  // Words after the same prefixes are not keys: no digit, or too short.
  kept('key-value-store-for-sessions-and-caches tskey-auth-notes hf_model_config_loader_for_bert_base');
});

test('an assigned key with fake typed into it is redacted when a key\'s worth is left; a fake word alone stays', () => {
  const value = `${fake(12, 'b64', 566)}fake${fake(16, 'b64', 567)}FAKE${fake(8, 'b64', 568)}=`;
  redacted(`BRANDFETCH_API_KEY=${value}`, `BRANDFETCH_API_KEY=${R('api_key')}`);
  kept('password = "somefakekey"\napi_key = "dummy-api-key-for-tests"');
});

test('sonar.login holds a token (SonarScanner\'s old name for sonar.token); a user name there stays', () => {
  const token = fake(40, 'hex', 569);
  redacted(`sonar.login=${token}\n`, `sonar.login=${R('api_key')}\n`);
  redacted(`SONAR_LOGIN: "${token}"`, `SONAR_LOGIN: "${R('api_key')}"`);
  kept('sonar.login=admin\nsonar.host.url=http://localhost:9000');
});

test('dropbox short-lived tokens whatever the case of sl.', () => {
  for (const prefix of ['sl.', 'SL.', 'sL.']) redacted(`DROPBOX=${prefix}${fake(135, 'url', 570)}`, `DROPBOX=${R('dropbox_token')}`);
  kept(`sl.${'word-'.repeat(30)}`);
});
