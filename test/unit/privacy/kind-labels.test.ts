import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { describeRedactions, kindLabel } from '../../../src/engine/privacy/kind-labels';

// The chat and the panel say what was redacted in words a person reads ("AWS access key ×1"), not
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

  it('lists the counts in the kinds\' order', () => {
    assert.equal(describeRedactions({ email: 2, aws_access_key: 1 }), 'AWS access key ×1, email address ×2');
    assert.equal(describeRedactions({}), '');
  });
});
