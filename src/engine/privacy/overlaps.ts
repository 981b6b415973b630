import type { Finding } from './detector';

/**
 * Chooses which findings to redact: higher priority first, then the longer span, then the
 * earlier one; a finding that overlaps one already chosen is dropped. Returns them in text order.
 */
export function resolveOverlaps(findings: Finding[], textLength: number): Finding[] {
  if (findings.length <= 1) return findings;
  const ranked = [...findings].sort((a, b) => b.priority - a.priority || (b.end - b.start) - (a.end - a.start) || a.start - b.start);
  // One flag per character: cost is the total length of the findings, not their count squared.
  const taken = new Uint8Array(textLength);
  const chosen: Finding[] = [];
  for (const f of ranked) {
    if (taken.subarray(f.start, f.end).includes(1)) continue;
    taken.fill(1, f.start, f.end);
    chosen.push(f);
  }
  return chosen.sort((a, b) => a.start - b.start);
}
