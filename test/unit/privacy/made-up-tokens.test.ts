import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scrubText } from '../../../src/engine/privacy/scrubber';
import { fake, R } from './corpus-helpers';

// Values that tests write to fail (a provider's prefix and `short`, `abc123`, a JWT header before a
// made-up rest), a URL's user name taken for an address, and the CockroachDB Cloud and Devin key
// formats. Values are generated from each format's alphabet, never copied.

const kept = (input: string) => assert.equal(scrubText(input).text, input, input);
const redacted = (input: string, expected: string) => assert.equal(scrubText(input).text, expected);
const b64 = (text: string) => Buffer.from(text).toString('base64');

test('a token whose last part says it is no working one is a made-up value', () => {
  kept('LANGSMITH_API_KEY=lsv2_pt_short');
  kept('ASTRA_DB_APPLICATION_TOKEN=AstraCS:short');
  kept('ONESIGNAL_API_KEY=os_v2_app_short');
  kept('SALESFORCE_ACCESS_TOKEN=00DE0X0A0M0PeLE!short');
  kept("api_token: 'ghp_invalid'");
  kept('elastic_token = essu_abc123');
  kept('exoscale_api_key = "EXOabc123"');
  kept('SITE_KEY = "6LeD4a3XAAAAA-INVALID-1234567890"');
  // The same keys with a random value, and the words anywhere but at the end, are secrets.
  const random = fake(32, 'alnum', 1601);
  redacted(`ASTRA_DB_APPLICATION_TOKEN=AstraCS:${random}`, `ASTRA_DB_APPLICATION_TOKEN=${R('api_key')}`);
  redacted(`api_key = "short${random}"`, `api_key = "${R('api_key')}"`);
  redacted(`SECRET_KEY=${random}_badge`, `SECRET_KEY=${R('api_key')}`);
  redacted(`LANGSMITH_API_KEY=lsv2_pt_${fake(32, 'hex', 1602)}_${fake(10, 'hex', 1603)}`, `LANGSMITH_API_KEY=${R('langsmith_key')}`);
});

test('passwords are not held to the made-up tails: a password may end in any word', () => {
  redacted('DB_PASSWORD=Tr0ub4dor_short', `DB_PASSWORD=${R('password')}`);
});

test("a JWT header before a made-up rest is no token; a real token's payload or signature may be anything", () => {
  const header = b64('{"alg":"HS256"}').replace(/=+$/, '');
  kept(`SCALR_KEY=${header}.short.token`);
  kept(`const sample = "${header}.abc.def";`);
  kept(`${header}.invalid-payload.signature`);
  // Claims with a stand-in signature still carry who the token is for; a long payload that is no JSON may be encrypted.
  const claims = b64(`{"sub":"${fake(12, 'lower', 1604)}","exp":1893456000}`).replace(/=+$/, '');
  redacted(`TOKEN=${header}.${claims}.signature`, `TOKEN=${R('jwt')}`);
  redacted(`TOKEN=${header}.${fake(64, 'url', 1605)}.${fake(43, 'url', 1606)}`, `TOKEN=${R('jwt')}`);
});

test("a URL's user name with no password is not an e-mail address; an address or a token there still is", () => {
  kept('DATABASE_URL=postgresql://app@ep-cold-field-a7k2m9.eu-central-1.aws.neon.tech/appdb');
  kept('spark.copydata.containerpath=wasb://containers@storagedev42.blob.core.windows.net');
  redacted('ftp://jane.roe@files.example.org/in', `ftp://${R('email')}/in`);
  redacted("{{ 'mailto://me@example.com' is uri }}", `{{ 'mailto://${R('email')}' is uri }}`);
  redacted('smtp://jsmith84@mail.example.org:587', `smtp://${R('email')}:587`);
  const token = fake(40, 'hex', 1607);
  assert.ok(!scrubText(`git clone https://${token}@github.com/acme/tools.git`).text.includes(token));
  // An address used as the login, with its password after it, stays an address.
  assert.ok(!scrubText('smtps://jane.roe@gmail.com:Xq7mP2vLk9@smtp.gmail.com:465').text.includes('jane.roe'));
});

test('CockroachDB Cloud service-account keys are redacted by their shape', () => {
  const key = `CCDB1_${fake(22, 'alnum', 1608)}_${fake(40, 'alnum', 1609)}`;
  redacted(`export COCKROACH_API_KEY=${key}`, `export COCKROACH_API_KEY=${R('cockroachdb_key')}`);
  redacted(`curl -H "Authorization: Bearer ${key}" https://cockroachlabs.cloud/api/v1/clusters`,
    `curl -H "Authorization: Bearer ${R('cockroachdb_key')}" https://cockroachlabs.cloud/api/v1/clusters`);
  kept(`CCDB1_${'x'.repeat(22)}_${'x'.repeat(40)}`);
});

test('Devin API keys are known by the ids they encode; other apk_ values are not', () => {
  const [user, org, secret] = [fake(32, 'hex', 1610), fake(32, 'hex', 1611), fake(32, 'hex', 1612)];
  const personal = `apk_user_${b64(`user-${user}_org-${org}:${secret}`)}`;
  const service = `apk_${b64(`org-${org}:${secret}`).replace(/=+$/, '')}`;
  redacted(personal, R('devin_key'));
  redacted(`DEVIN_API_KEY=${service}`, `DEVIN_API_KEY=${R('devin_key')}`);
  const serviceUser = `cog_${fake(52, 'lower', 1613).replace(/[0189]/g, '5')}`;
  redacted(`Authorization: Bearer ${serviceUser}`, `Authorization: Bearer ${R('devin_key')}`);
  // base64 of anything else after apk_, and Android's apk_ names, stay.
  kept(`apk_${b64(`release build of ${fake(60, 'lower', 1614)} for the store`)}`);
  kept('apk_path = "build/outputs/apk_release/app.apk"');
  kept(`cog_${'abcdefghijklmnopqrstuvwxyz'.repeat(2)}`);
});
