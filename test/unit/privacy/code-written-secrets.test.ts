import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scrubText } from '../../../src/engine/privacy/scrubber';
import { fake, R } from './corpus-helpers';
import { namesEventGridResource } from '../../../src/engine/privacy/detectors/service-url-keys';

// Secrets as code and tools write them rather than as a config line: a PEM key joined line by line with a line
// break, Windows' setx, an Event Grid SAS token, a Bot Framework secret, a Google client's older secret passed after
// its id, FileZilla's saved password, a personal access token under `_PAT`. Values are generated, never copied.

const kept = (input: string) => assert.equal(scrubText(input).text, input, input);
const redacted = (input: string, expected: string) => assert.equal(scrubText(input).text, expected, input);
const lines = (text: string) => text.split('\n').length;

const BODY = [fake(64, 'b64', 1841), fake(64, 'b64', 1842), fake(40, 'b64', 1843)];

test('a PEM key joined in Java, PHP or Python with a line break between literals is one private key', () => {
  const java = [
    'String key = "-----BEGIN RSA PRIVATE KEY-----" + System.lineSeparator() +',
    ...BODY.map((line) => `        "${line}" + System.lineSeparator() +`),
    '        "-----END RSA PRIVATE KEY-----" + System.lineSeparator();',
  ].join('\n');
  const out = scrubText(java).text;
  assert.ok(out.startsWith(`String key = "${R('private_key')}`), out);
  for (const line of BODY) assert.ok(!out.includes(line), line);
  assert.equal(lines(out), lines(java));
  const php = ['$key = "-----BEGIN PRIVATE KEY-----" . PHP_EOL .', ...BODY.map((l) => `  "${l}" . PHP_EOL .`), '  "-----END PRIVATE KEY-----";'].join('\n');
  assert.ok(!scrubText(php).text.includes(BODY[1]));
  const python = [
    'key = ("-----BEGIN EC PRIVATE KEY-----" + os.linesep +', ...BODY.map((l) => `  "${l}" + os.linesep +`), '  "-----END EC PRIVATE KEY-----")',
  ].join('\n');
  assert.ok(!scrubText(python).text.includes(BODY[0]));
});

test('a marker joined with a line break but no key after it stays', () => {
  kept('String begin = "-----BEGIN RSA PRIVATE KEY-----" + System.lineSeparator() + body;');
});

test("Windows' setx with the name and value quoted", () => {
  const token = fake(40, 'hex', 1844);
  redacted(`@echo off\nsetx "SONAR_TOKEN" "${token}" /M\nmvn verify`, `@echo off\nsetx "SONAR_TOKEN" "${R('api_key')}" /M\nmvn verify`);
  kept('setx "SONAR_TOKEN" "%SONAR_TOKEN%"');
  kept('setx "PATH" "C:\\tools;%PATH%"');
});

test("an Event Grid SAS token's signature", () => {
  const sig = `${fake(43, 'b64', 1845).replace(/\+/g, '%2b')}%3d`;
  const r = 'r=https%3a%2f%2fmy-topic.westeurope-1.eventgrid.azure.net%2fapi%2fevents&e=1%2f1%2f2030+12%3a00%3a00+AM';
  redacted(`Authorization: SharedAccessSignature ${r}&s=${sig}`, `Authorization: SharedAccessSignature ${r}&s=${R('azure_sas_signature')}`);
  // `&s=` in any other URL is a parameter.
  kept(`https://example.org/search?q=tea&s=${fake(44, 'alnum', 1846)}`);
});

test('the Event Grid resource is found in one pass as the regex it replaces finds it (random texts of its parts)', () => {
  const regex = /r=[^\s&]{0,400}eventgrid\.azure\.net/i;
  const parts = ['r=', 'R=', 'eventgrid.azure.net', 'EventGrid.Azure.NET', '&', ' ', '\n', '\u00a0', 'x', '=', 'r', '&e=1', 'topic.'];
  let seed = 7;
  const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  let found = 0;
  for (let n = 0; n < 20_000; n++) {
    let text = '';
    for (let k = next(12); k > 0; k--) text += next(10) === 0 ? 'y'.repeat(next(450)) : parts[next(parts.length)];
    const expected = regex.test(text);
    if (expected) found++;
    assert.equal(namesEventGridResource(text), expected, JSON.stringify(text));
  }
  assert.ok(found > 1000, `only ${found} texts name a resource`);
});

test('a Bot Framework secret after BotConnector, also joined in code, and in a Web Chat embed', () => {
  const secret = `${fake(11, 'url', 1847)}.${fake(43, 'url', 1848)}`;
  redacted(`xhr.setRequestHeader('Authorization', 'BotConnector ' + '${secret}');`,
    `xhr.setRequestHeader('Authorization', 'BotConnector ' + '${R('azure_bot_secret')}');`);
  redacted(`<iframe src='https://webchat.botframework.com/embed/my-bot?s=${secret}'></iframe>`,
    `<iframe src='https://webchat.botframework.com/embed/my-bot?s=${R('azure_bot_secret')}'></iframe>`);
  kept("xhr.setRequestHeader('Authorization', 'BotConnector ' + secret);");
});

test("a Google OAuth client's older 24-character secret right after its client id", () => {
  const id = `${fake(12, 'digits', 1849)}-${fake(32, 'lower', 1850)}.apps.googleusercontent.com`;
  const secret = fake(24, 'url', 1851);
  redacted(`new google.auth.OAuth2(\n  "${id}",\n  "${secret}",\n  "http://localhost");`,
    `new google.auth.OAuth2(\n  "${id}",\n  "${R('google_oauth')}",\n  "http://localhost");`);
  kept(`new google.auth.OAuth2("${id}", "http://localhost:3000/oauth2callback");`);
});

test("FileZilla's saved password, base64 in an element with attributes; a self-closing element is none", () => {
  const pass = Buffer.from(fake(14, 'alnum', 1852)).toString('base64');
  redacted(`<Server><Host>ftp.example.org</Host><Pass encoding="base64">${pass}</Pass></Server>`,
    `<Server><Host>ftp.example.org</Host><Pass encoding="base64">${R('password')}</Pass></Server>`);
  kept('<Password xsi:nil="true"/><Name>Orsolya</Name>');
});

test('a personal access token under a name ending in _PAT, random values only', () => {
  redacted(`export MATTERMOST_PAT="${fake(26, 'lower', 1853)}"`, `export MATTERMOST_PAT="${R('api_key')}"`);
  kept('DEFAULT_PAT: my-token-name');
  kept(`compat = "${fake(26, 'lower', 1854)}"`);
  kept(`src_path = "${fake(26, 'lower', 1855)}"`);
});

test('new prefixes need their whole body; a word before the prefix or a short body is no key', () => {
  kept(`task-${fake(48, 'lower', 1856)}`);
  kept(`cursor_key = key_${fake(31, 'hex', 1857)}`);
  kept('https://git.example.org/hooks/post-receive');
});

test('a token that goes on in string literals joined at the ends of lines is hidden in each of them', () => {
  const parts = [fake(32, 'b64', 1858), fake(64, 'b64', 1859), fake(64, 'b64', 1860), 'Qx9=='];
  const input = `AWS_SESSION_TOKEN = "${parts[0]}" +\n  "${parts[1]}" +\n  "${parts[2]}" +\n  "${parts[3]}"\nregion = "eu-west-1"`;
  const out = scrubText(input).text;
  for (const part of parts) assert.ok(!out.includes(part), part);
  assert.ok(out.endsWith('region = "eu-west-1"'));
  assert.equal(lines(out), lines(input));
  // Text joined after a label is no token, nor a file name after a token.
  kept(`const msg = "token: " + "${fake(20, 'lower', 1861)}" +\n  "${fake(20, 'hex', 1862)}"`);
  assert.ok(scrubText(`API_TOKEN = "${fake(24, 'alnum', 1863)}" +\n  ".json"`).text.endsWith('+\n  ".json"'));
});

test('a Mattermost hook on the bare documentation domain is a sample', () => {
  kept(`url=https://example.com/hooks/${fake(26, 'lower', 1864)}`);
  redacted(`url=https://mattermost.example.com/hooks/${fake(26, 'lower', 1865)}`, `url=${R('mattermost_webhook')}`);
});
