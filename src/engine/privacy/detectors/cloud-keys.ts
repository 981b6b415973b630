import { findByRules, type Detector, type PatternRule } from '../detector';

// Cloud credentials with a fixed shape. AWS secret keys have no prefix, so they are found by
// the assignment detector (`aws_secret_access_key = ...`), not here.

const rules: PatternRule[] = [
  { kind: 'aws_access_key', pattern: /(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}(?![A-Za-z0-9])/g },
  { kind: 'gcp_api_key', hint: 'AIza', pattern: /(?<![\w-])AIza[0-9A-Za-z_-]{35}(?![\w-])/g },
  {
    kind: 'gcp_private_key_id',
    hint: 'private_key_id',
    pattern: /"private_key_id"\s{0,10}:\s{0,10}"(?<value>[0-9a-f]{40})"/dg,
  },
  {
    kind: 'azure_storage_key',
    hint: 'AccountKey=',
    pattern: /AccountKey=(?<value>[A-Za-z0-9+/]{40,100}={0,2})/dg,
  },
  {
    kind: 'azure_shared_access_key',
    hint: 'SharedAccessKey=',
    pattern: /SharedAccessKey=(?<value>[A-Za-z0-9+/]{20,100}={0,2})/dg,
  },
  {
    kind: 'azure_sas_signature',
    hint: 'sig=',
    pattern: /[?&]sig=(?<value>[A-Za-z0-9%+/]{20,200}(?:%3D|=){0,2})/dg,
  },
];

/** AWS access key ids, Google API keys and service-account key ids, Azure storage keys. */
export const cloudKeyDetector: Detector = {
  name: 'cloud-keys',
  kinds: [...new Set(rules.map((r) => r.kind))],
  priority: 90,
  find: (text) => findByRules(rules, text),
};
