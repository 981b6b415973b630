import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scrubText } from '../../../src/engine/privacy/scrubber';
import { isCountingFiller } from '../../../src/engine/privacy/token-checks';
import { fake, R } from './corpus-helpers';

// Values a person types to show a key's shape (`abcdef1234`, `test1234`), next to random values of the same
// length and place, which stay redacted. Values are generated, never copied from a corpus.

const kept = (input: string) => assert.equal(scrubText(input).text, input, input);
const redacted = (input: string, expected: string) => assert.equal(scrubText(input).text, expected, input);

test('a short key typed as counting runs is a sample; a random one of the same length is a key', () => {
  for (const sample of ['APPCENTER_API_TOKEN=abcdef1234', 'WPE_APIKEY=test1234', 'wakatime_api_key=abcd-1234', 'SHOP_TOKEN=demo_123456789'])
    kept(sample);
  redacted(`APPCENTER_API_TOKEN=${fake(10, 'alnum', 1801)}`, `APPCENTER_API_TOKEN=${R('api_key')}`);
  redacted(`wakatime_api_key=${fake(4, 'hex', 1802)}-${fake(4, 'hex', 1803)}`, `wakatime_api_key=${R('api_key')}`);
});

test('a password typed as a run is still a password: a weak one is still used', () => {
  redacted('DB_PASSWORD=12345678', `DB_PASSWORD=${R('password')}`);
  redacted('administrator_login_password = "Aa12345678"', `administrator_login_password = "${R('password')}"`);
});

test('counting runs: at most three, each of three characters or more, up to 16 characters by default', () => {
  for (const run of ['abcdef1234', 'test1234', 'abcd-1234', 'ABCDEF-7890', 'xyz1234567']) assert.ok(isCountingFiller(run), run);
  for (const value of ['a3b8f29e4d1c6a05', 'Aa12345678', 'abc', 'deadbeef1234', 'abcdefghij1234567890']) assert.ok(!isCountingFiller(value), value);
  assert.ok(isCountingFiller('abcdefghij1234567890', 64));
  assert.ok(isCountingFiller('LMNOPQRSTUVWXYZZZZZZZ9999999999', 64));
});

test("a webhook's secret part typed as a run is a sample; a random one is the secret", () => {
  kept('WEBHOOK=https://hooks.slack.com/services/T1234/B5678/abcdefghijklmnopqrstuvwx');
  kept('https://hooks.zapier.com/hooks/catch/12345678901/abcdefghijk');
  redacted(`WEBHOOK=https://hooks.slack.com/services/T${fake(8, 'upper', 1804)}/B${fake(8, 'upper', 1805)}/${fake(24, 'alnum', 1806)}`,
    `WEBHOOK=${R('slack_webhook')}`);
  redacted(`https://hooks.zapier.com/hooks/catch/${fake(8, 'digits', 1807)}/${fake(6, 'lower', 1808)}`, R('zapier_webhook'));
});

test('a JWT signed with a word over a claim or two is a sample; over a user\'s claims it is hidden', () => {
  const header = Buffer.from('{"alg":"HS256"}').toString('base64url');
  const small = Buffer.from('{"iss":"billing-service"}').toString('base64url');
  kept(`token=${header}.${small}.signature`);
  const user = Buffer.from('{"upn":"ilse.varga@example.org","name":"Ilse Varga","oid":"4f1c2d9a-77b0-4e55-9c1e-2a7d5e8b0c31"}').toString('base64url');
  assert.match(scrubText(`${header}.${user}.signature`).text, /^\[REDACTED:jwt#1\]$/);
  redacted(`${header}.${small}.${fake(43, 'url', 1809)}`, R('jwt'));
});

test('a repr\'s password=None is no password; a value after password= is', () => {
  kept('<Connection(db=0,password=None,host=localhost,...)>');
  redacted(`Connection(db=0,password=${fake(12, 'alnum', 1810)})`, `Connection(db=0,password=${R('password')})`);
});

test('foobar inside a key\'s worth of random characters does not make it a sample', () => {
  redacted(`apiKey: "sk-foobar-${fake(48, 'alnum', 1811)}",`, `apiKey: "${R('api_key')}",`);
  kept('apiKey: "foobar123",');
});

test("pw for a password is a placeholder, in a URL on a sample host too; on a named host it is still the login", () => {
  kept('amqp://user:pw@host');
  kept('password: pw');
  redacted('amqp://app:pw@rabbit.prod.internal:5672/', `amqp://app:${R('connection_string')}@rabbit.prod.internal:5672/`);
});
