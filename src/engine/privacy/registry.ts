import type { Detector, Finding } from './detector';
import { assignmentDetector } from './detectors/assignments';
import { cloudKeyDetector } from './detectors/cloud-keys';
import { connectionStringDetector } from './detectors/connection-strings';
import { credentialPairDetector } from './detectors/credential-pairs';
import { ipAddressDetector } from './detectors/ip-addresses';
import { kubernetesSecretDetector } from './detectors/kubernetes-secrets';
import { contactDetector } from './detectors/pii-contact';
import { financialDetector } from './detectors/pii-financial';
import { deviceWalletDetector } from './detectors/pii-devices-wallets';
import { locationDetector } from './detectors/pii-locations';
import { nationalIdDetector } from './detectors/pii-national-ids';
import { moreNationalIdDetector } from './detectors/pii-national-ids-more';
import { worldNationalIdDetector } from './detectors/pii-national-ids-world';
import { europeNationalIdDetector } from './detectors/pii-national-ids-europe';
import { taxIdDetector } from './detectors/pii-tax-ids';
import { mixedIdDetector } from './detectors/pii-ids-mixed';
import { personalDetector } from './detectors/pii-personal';
import { postcodeDetector } from './detectors/pii-postcodes';
import { phoneDetector } from './detectors/pii-phones';
import { privateKeyDetector } from './detectors/private-keys';
import { tokenDetector } from './detectors/tokens';

/**
 * Every detector, most specific first. The order is also the overlap rank (each detector's
 * `priority`): a private-key block beats anything inside it, a provider token beats the
 * generic `api_key = ...` rule that sees the same value, and a URL's password beats the email
 * shape `pass@host` around it.
 */
export const DETECTORS: readonly Detector[] = [
  privateKeyDetector,
  tokenDetector,
  cloudKeyDetector,
  connectionStringDetector,
  kubernetesSecretDetector,
  assignmentDetector,
  credentialPairDetector,
  financialDetector,
  nationalIdDetector,
  moreNationalIdDetector,
  worldNationalIdDetector,
  europeNationalIdDetector,
  taxIdDetector,
  mixedIdDetector,
  deviceWalletDetector,
  locationDetector,
  contactDetector,
  personalDetector,
  postcodeDetector,
  phoneDetector,
  ipAddressDetector,
];

/** Every kind the scrubber can report, sorted. */
export const REDACTION_KINDS: readonly string[] = [...new Set(DETECTORS.flatMap((d) => d.kinds))].sort();

/** Runs all detectors over a text and returns the raw, possibly overlapping findings. */
export function detectAll(text: string, detectors: readonly Detector[] = DETECTORS): Finding[] {
  const findings: Finding[] = [];
  for (const detector of detectors) {
    for (const f of detector.find(text)) findings.push({ ...f, priority: detector.priority });
  }
  return findings;
}

export { resolveOverlaps } from './overlaps';
