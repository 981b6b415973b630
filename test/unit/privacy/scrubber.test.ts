import { test } from 'node:test';
import assert from 'node:assert/strict';
import { REDACTION_KINDS } from '../../../src/engine/privacy/registry';
import { createScrubber, formatRedactionCounts, scrubAuditLine, scrubText } from '../../../src/engine/privacy/scrubber';
import { negatives } from './corpus-negatives';
import { piiCases } from './corpus-pii';
import { genericCases } from './corpus-generic';
import { piiMoreCases } from './corpus-pii-more';
import { piiPersonalCases } from './corpus-pii-personal';
import { piiProseCases } from './corpus-pii-prose';
import { piiWorldCases } from './corpus-pii-world';
import { piiTaxIdCases } from './corpus-pii-tax-ids';
import { providerCases } from './corpus-providers';
import { scannerFormatCases } from './corpus-scanner-formats';
import { serviceUrlCases } from './corpus-service-urls';
import { credentialFormatCases } from './corpus-credential-formats';
import { identifiableKeyCases } from './corpus-identifiable-keys';
import { assignmentCases, cloudAndTokenCases, connectionCases, privateKeyCases } from './corpus-secrets';
import { configFormatCases } from './corpus-config-formats';
import { configPairCases } from './corpus-config-pairs';
import { pairListCases } from './corpus-pairs-lists';
import { encodedKeyCases } from './corpus-encoded-keys';
import { piiEuropeCases } from './corpus-pii-europe';
import { fixtureFormatCases } from './corpus-fixture-formats';

const allCases = [
  ...cloudAndTokenCases,
  ...fixtureFormatCases,
  ...assignmentCases,
  ...connectionCases,
  ...privateKeyCases,
  ...piiCases,
  ...providerCases,
  ...piiMoreCases,
  ...piiPersonalCases,
  ...piiProseCases,
  ...genericCases,
  ...piiWorldCases,
  ...piiTaxIdCases,
  ...scannerFormatCases,
  ...serviceUrlCases,
  ...credentialFormatCases,
  ...identifiableKeyCases,
  ...configPairCases,
  ...configFormatCases,
  ...pairListCases,
  ...encodedKeyCases,
  ...piiEuropeCases,
];

test('one scrubber numbers values per kind across chunks, the same value keeping its number', () => {
  const scrubber = createScrubber();
  const first = scrubber.scrub('to: ann@corp.io\ncc: bob@corp.io');
  const second = scrubber.scrub('from: bob@corp.io\nhost 10.9.8.7');
  assert.equal(first.text, 'to: [REDACTED:email#1]\ncc: [REDACTED:email#2]');
  assert.equal(second.text, 'from: [REDACTED:email#2]\nhost [REDACTED:ip_address#1]');
  assert.deepEqual(second.redactions, { email: 1, ip_address: 1 });
});

test('a value redacted once is redacted wherever else it occurs: later in the text, and in later texts of the query', () => {
  const key = 'Zk3lQ9vX2mN8pR4tW7yB1cD5';
  const scrubber = createScrubber();
  // Only the first copy has a name that gives it away; the second is the same secret.
  const first = scrubber.scrub(`API_KEY=${key}\nfallbacks = ['${key}', "other"]`);
  assert.equal(first.text, "API_KEY=[REDACTED:api_key#1]\nfallbacks = ['[REDACTED:api_key#1]', \"other\"]");
  assert.deepEqual(first.redactions, { api_key: 2 });
  // A later chunk of the same question that holds the key bare (a test fixture) has it redacted too.
  assert.equal(scrubber.scrub(`client.connect("${key}")`).text, 'client.connect("[REDACTED:api_key#1]")');
  // A new question's scrubber knows nothing of it; short values (a CVV) are not looked for again.
  assert.equal(createScrubber().scrub(`client.connect("${key}")`).text, `client.connect("${key}")`);
  assert.equal(scrubText('CVV: 123, then 123 items').text, 'CVV: [REDACTED:card_security_code#1], then 123 items');
});

test('a name is redacted with its title and numbered without it: the titled and the bare name are one person', () => {
  const scrubber = createScrubber();
  const first = scrubber.scrub('Dr. Emily Stone saw Mrs. Anna Lee; Emily Stone wrote the report.');
  assert.equal(first.text, '[REDACTED:person_name#1] saw [REDACTED:person_name#2]; [REDACTED:person_name#1] wrote the report.');
  // A later chunk names her without the title, a third with another one: still #1.
  assert.equal(scrubber.scrub('Ask Emily Stone, or Prof. Emily Stone.').text, 'Ask [REDACTED:person_name#1], or [REDACTED:person_name#1].');
});

test('a new scrubber (a new query) starts numbering again', () => {
  createScrubber().scrub('ann@corp.io bob@corp.io');
  assert.equal(createScrubber().scrub('bob@corp.io').text, '[REDACTED:email#1]');
});

test('totals and counters cover every call; the audit line has counts and the id, never text', () => {
  const scrubber = createScrubber();
  scrubber.scrub('password = "hunter2!"\nann@corp.io');
  scrubber.scrub('nothing secret here');
  scrubber.scrub('ann@corp.io');
  assert.deepEqual(scrubber.totals(), { password: 1, email: 2 });
  assert.equal(scrubber.chunksScrubbed, 3);
  assert.equal(scrubber.chunksWithRedactions, 2);
  assert.equal(scrubAuditLine('q-42', scrubber), 'scrubbed 3 chunks (3 redactions) for query q-42');
});

test('totals() is a copy: changing it does not change the scrubber', () => {
  const scrubber = createScrubber();
  scrubber.scrub('ann@corp.io');
  scrubber.totals().email = 99;
  assert.deepEqual(scrubber.totals(), { email: 1 });
});

test('counts format as the CLI prints them', () => {
  assert.equal(formatRedactionCounts({ email: 2, aws_access_key: 1 }), 'aws_access_key=1 email=2 (3 total)');
  assert.equal(formatRedactionCounts({}), 'none (0 total)');
});

test('scrubbing never changes the number of lines, so citations stay valid', () => {
  for (const [name, input] of allCases) {
    const out = scrubText(input).text;
    assert.equal(out.split('\n').length, input.split('\n').length, name);
  }
});

test('scrubbing twice changes nothing more (placeholders are not secrets)', () => {
  for (const [name, input] of allCases) {
    const once = scrubText(input).text;
    assert.equal(scrubText(once).text, once, name);
  }
});

test('no secret from the positive corpus survives when all of it is one text', () => {
  const whole = allCases.map(([, input]) => input).join('\n');
  const out = scrubText(whole).text;
  for (const [name, input, expected] of allCases) {
    // Each row's expected output names the kinds; the scrubbed whole must contain none of the raw values.
    const removed = input.split(/\s+/).filter((word) => word.length >= 12 && !expected.includes(word));
    for (const word of removed) assert.ok(!out.includes(word), `${name}: '${word.slice(0, 6)}…' leaked`);
  }
});

test('every kind in the corpus is a registered kind, and every registered kind is exercised', () => {
  const seen = new Set(allCases.flatMap(([, , expected]) => [...expected.matchAll(/\[REDACTED:([a-z0-9_]+)#\d+\]/g)].map((m) => m[1])));
  for (const kind of seen) assert.ok(REDACTION_KINDS.includes(kind), kind);
  assert.deepEqual([...REDACTION_KINDS].filter((k) => !seen.has(k)), []);
});

test('text with nothing to redact comes back as the same string', () => {
  for (const [, input] of negatives) assert.equal(scrubText(input).text, input);
});

test('a token longer than a value is read (refresh tokens, docker auths) is redacted whole, quoted or not', () => {
  const token = Array.from({ length: 2500 }, (_, i) => 'aB3dE5fG7hJ9kL2m'[i % 16] + String(i % 7)).join('').slice(0, 2500);
  for (const text of [`REFRESH_TOKEN=${token}`, `refresh_token: "${token}"`, `{"auth": "${token}"}`]) {
    const out = scrubText(text).text;
    assert.ok(!out.includes(token.slice(-40)) && !out.includes(token.slice(1200, 1260)), out.slice(0, 120));
    assert.match(out, /\[REDACTED:api_key#1\]/);
  }
});
