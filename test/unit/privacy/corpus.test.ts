import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scrubText } from '../../../src/engine/privacy/scrubber';
import type { Case } from './corpus-helpers';
import { negatives } from './corpus-negatives';
import { piiCases } from './corpus-pii';
import { genericCases, genericLookalikes } from './corpus-generic';
import { piiMoreCases, piiMoreLookalikes } from './corpus-pii-more';
import { piiPersonalCases, piiPersonalLookalikes } from './corpus-pii-personal';
import { piiProseCases, piiProseLookalikes } from './corpus-pii-prose';
import { piiContextCases, piiContextLookalikes } from './corpus-pii-context';
import { piiCreditCases, piiCreditLookalikes } from './corpus-pii-credits';
import { piiAddressCases, piiAddressLookalikes } from './corpus-pii-addresses';
import { addressLineCases, addressLineLookalikes } from './corpus-pii-address-lines';
import { piiWorldCases, piiWorldLookalikes } from './corpus-pii-world';
import { piiTaxIdCases, piiTaxIdLookalikes } from './corpus-pii-tax-ids';
import { piiSignalCases, piiSignalLookalikes } from './corpus-pii-signals';
import { vendorKeyCases, vendorKeyLookalikes } from './corpus-vendor-keys';
import { providerCases, providerLookalikes } from './corpus-providers';
import { identifiableKeyCases, identifiableKeyLookalikes } from './corpus-identifiable-keys';
import { scannerFormatCases, scannerFormatLookalikes } from './corpus-scanner-formats';
import { serviceUrlCases, serviceUrlLookalikes } from './corpus-service-urls';
import { credentialFormatCases, credentialFormatLookalikes } from './corpus-credential-formats';
import { assignmentCases, cloudAndTokenCases, connectionCases, privateKeyCases } from './corpus-secrets';
import { configFormatCases, configFormatLookalikes } from './corpus-config-formats';
import { configPairCases, configPairLookalikes } from './corpus-config-pairs';
import { pairListCases, pairListLookalikes } from './corpus-pairs-lists';
import { realCodeCases, realCodeLookalikes } from './corpus-real-code';
import { encodedKeyCases, encodedKeyLookalikes } from './corpus-encoded-keys';
import { piiMessageCases, piiMessageLookalikes } from './corpus-pii-messages';
import { piiEuropeCases, piiEuropeLookalikes } from './corpus-pii-europe';
import { fixtureFormatCases, fixtureFormatLookalikes } from './corpus-fixture-formats';

// Every row is a separate test so a failure names the format that broke.

const tables: Record<string, Case[]> = {
  'cloud keys and tokens': cloudAndTokenCases,
  assignments: assignmentCases,
  'connection strings': connectionCases,
  'private keys': privateKeyCases,
  pii: piiCases,
  'provider tokens': providerCases,
  'more pii': piiMoreCases,
  'personal data': piiPersonalCases,
  'prose and addresses abroad': piiProseCases,
  'people and places named by what a sentence does with them': piiContextCases,
  'people credited or located in code': piiCreditCases,
  'addresses, their towns and codes, and phones as people write them': piiAddressCases,
  'addresses found from their postcode, roles after a title, logins with their password': addressLineCases,
  'generic secrets': genericCases,
  'cards, IBANs, ids and phones of more countries and layouts': piiWorldCases,
  'tax, business, licence and record numbers, UK postcodes': piiTaxIdCases,
  'keys under a provider name alone, Dropbox long-lived tokens': vendorKeyCases,
  'formats of open-source secret scanners': scannerFormatCases,
  "keys in services' URLs and formats of SonarSource's rules": serviceUrlCases,
  "formats of CredSweeper's rules": credentialFormatCases,
  'Azure identifiable keys and private keys as bare base64 DER': identifiableKeyCases,
  'name/value pairs, look-up defaults, string resources and more providers': configPairCases,
  'devices\', servers\' and SQL formats, setters\' pairs, static keys and seed phrases': configFormatCases,
  'signatures, names an address spells, obfuscated addresses and numbers to ring': piiSignalCases,
  'PEM labels of their own, lists of secrets, user and password pairs': pairListCases,
  'true findings beside shapes met in real code': realCodeCases,
  'registry tokens, tokens in base64 or glued, key pairs on two lines, Tink keysets': encodedKeyCases,
  'people in chat transcripts and spoken to in messages': piiMessageCases,
  'personal numbers of more European and Asian countries, titles in other languages': piiEuropeCases,
  "formats of Trivy's and secretlint's fixtures": fixtureFormatCases,
};

for (const [table, rows] of Object.entries(tables)) {
  for (const [name, input, expected] of rows) {
    test(`redacts (${table}): ${name}`, () => {
      assert.equal(scrubText(input).text, expected);
    });
  }
}

const lookalikes = [
  ...negatives, ...providerLookalikes, ...piiMoreLookalikes, ...piiPersonalLookalikes, ...piiProseLookalikes, ...piiContextLookalikes, ...piiCreditLookalikes,
  ...piiAddressLookalikes, ...genericLookalikes, ...piiWorldLookalikes, ...piiTaxIdLookalikes, ...vendorKeyLookalikes, ...scannerFormatLookalikes,
  ...credentialFormatLookalikes, ...addressLineLookalikes,
  ...identifiableKeyLookalikes, ...configPairLookalikes, ...configFormatLookalikes, ...piiSignalLookalikes, ...pairListLookalikes,
  ...realCodeLookalikes, ...encodedKeyLookalikes, ...piiMessageLookalikes, ...serviceUrlLookalikes, ...piiEuropeLookalikes,
  ...fixtureFormatLookalikes,
];
for (const [name, input] of lookalikes) {
  test(`leaves alone: ${name}`, () => {
    const outcome = scrubText(input);
    assert.equal(outcome.text, input);
    assert.deepEqual(outcome.redactions, {});
  });
}

test('the corpus is broad: at least 150 positive and negative rows', () => {
  const positives = Object.values(tables).reduce((n, rows) => n + rows.length, 0);
  assert.ok(positives + negatives.length >= 150, `${positives} positives + ${negatives.length} negatives`);
});
