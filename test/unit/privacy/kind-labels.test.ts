import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { describeHidden, kindLabel } from '../../../src/engine/privacy/kind-labels';

// The chat and the panel say what was hidden in words a person reads ("1 AWS access key"), not
// the kinds the markers and the CLI carry (`aws_access_key=1`).
describe('redaction kinds in words', () => {
  it('reads acronyms, vendors, countries and the generic kinds as a person writes them', () => {
    const cases: Record<string, string> = {
      aws_access_key: 'AWS access key', email: 'email address', phone: 'phone number', person_name: 'name', api_key: 'API key',
      github_token: 'GitHub token', slack_webhook: 'Slack webhook', br_cpf: 'BR CPF', us_ssn: 'US Social Security number',
      date_of_birth: 'date of birth', ip_address: 'IP address', gcp_private_key_id: 'GCP private key ID', huggingface_token: 'Hugging Face token',
      connection_string: 'connection string', drivers_license: "driver's license", twilio_account_sid: 'Twilio account SID', jwt: 'JWT',
    };
    for (const [kind, label] of Object.entries(cases)) assert.equal(kindLabel(kind), label, kind);
  });

  it('leaves no kind of the detectors with an underscore or a lower-case vendor at its start', () => {
    const dir = path.join(__dirname, '../../../src/engine/privacy/detectors');
    const kinds = new Set<string>();
    for (const f of readdirSync(dir)) for (const m of readFileSync(path.join(dir, f), 'utf8').matchAll(/kind: '([a-z0-9_]+)'/g)) kinds.add(m[1]);
    assert.ok(kinds.size > 50, `${kinds.size} kinds found`);
    for (const k of kinds) assert.doesNotMatch(kindLabel(k), /_/, k);
  });

  it('says in one plain sentence what was hidden, counted, in the kinds\' order, and nothing when nothing was', () => {
    assert.equal(describeHidden({ email: 2, aws_access_key: 1 }, true), 'Hidden before sending to the model: 1 AWS access key, 2 email addresses.');
    assert.equal(describeHidden({ person_name: 3, github_token: 2 }, false), 'Hidden in these snippets: 2 GitHub tokens, 3 names.');
    assert.equal(describeHidden({ drivers_license: 2, us_ssn: 1 }, true), "Hidden before sending to the model: 2 driver's licenses, 1 US Social Security number.");
    assert.equal(describeHidden({}, true), '');
    assert.equal(describeHidden({}, false), '');
  });

  it('puts the noun before "of" in the plural: 2 dates of birth, not 2 date of births (tour18 on gin)', () => {
    assert.equal(describeHidden({ date_of_birth: 2, person_name: 1 }, true), 'Hidden before sending to the model: 2 dates of birth, 1 name.');
    assert.equal(describeHidden({ date_of_birth: 1 }, false), 'Hidden in these snippets: 1 date of birth.');
  });
});
