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
  // A plain loop over the flags: a view of them per finding (subarray) cost more than the look itself.
  next: for (const f of ranked) {
    for (let i = f.start; i < f.end; i++) if (taken[i] === 1) continue next;
    taken.fill(1, f.start, f.end);
    chosen.push(f);
  }
  return chosen.sort((a, b) => a.start - b.start);
}
