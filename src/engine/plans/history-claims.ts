import type { EvidenceId } from './schema';

/** A statement about past runs found in plan text, and the evidence queries that could back it. */
export interface HistoryClaim {
  topic: string;
  phrase: string;
  index: number;
  supportedBy: EvidenceId[];
}

const claimPatterns: Array<{ topic: string; pattern: RegExp; supportedBy: EvidenceId[] }> = [
  {
    topic: 'prior fixes',
    supportedBy: ['Q8'],
    pattern:
      /\b(?:(?:prior|previous|earlier|past|last)\s+(?:fix(?:es)?|fix attempts?|attempts?|patch(?:es)?)|(?:was|were|been)\s+fixed|fixed\s+(?:before|previously|earlier|last time)|already\s+fixed)\b/gi,
  },
  {
    topic: 'prior runs',
    supportedBy: ['Q1', 'Q2', 'Q4', 'Q5', 'Q6'],
    pattern:
      /\b(?:(?:prior|previous|earlier|past|last)\s+(?:runs?|executions?|edits?|changes?|failures?|results?|outcomes?)|last time|previously|ran before|failed before|succeeded before)\b/gi,
  },
  {
    topic: 'recurring diagnostics',
    supportedBy: ['Q3', 'Q7'],
    pattern: /\b(?:recurring|recurs|recurred|keeps? (?:failing|coming back|appearing)|happened again|(?:seen|occurred) (?:before|again|\d+ times))\b/gi,
  },
  { topic: 'history', supportedBy: ['Q1', 'Q2', 'Q3', 'Q4', 'Q5', 'Q6', 'Q7', 'Q8'], pattern: /\b(?:history|historically|historical|in the past)\b/gi },
];

/** Claims about history in `text`, in order of appearance. */
export function findHistoryClaims(text: string): HistoryClaim[] {
  const out: HistoryClaim[] = [];
  for (const { topic, pattern, supportedBy } of claimPatterns) {
    pattern.lastIndex = 0;
    for (const m of text.matchAll(pattern)) out.push({ topic, phrase: m[0], index: m.index, supportedBy });
  }
  return out.sort((a, b) => a.index - b.index);
}

/**
 * The "insufficient evidence" message for a claim, or undefined when a cited query backs it.
 * `rowCounts` holds how many rows each evidence query returned for this plan (absent = not run).
 */
export function checkClaimEvidence(
  claim: HistoryClaim,
  cited: EvidenceId[],
  rowCounts: Partial<Record<EvidenceId, number>>,
  where: string,
): string | undefined {
  const relevant = claim.supportedBy.filter((q) => cited.includes(q));
  const lead = `Insufficient evidence: ${where} mentions '${claim.topic}' ("${claim.phrase}")`;
  if (cited.length === 0) return `${lead} but the plan cites no evidence query (${claim.supportedBy.join(', ')})`;
  if (relevant.length === 0) return `${lead} but the plan cites none of ${claim.supportedBy.join(', ')}`;
  if (relevant.some((q) => (rowCounts[q] ?? 0) > 0)) return undefined;
  return `${lead} but ${relevant.join(', ')} ${relevant.length === 1 ? 'returns' : 'return'} empty results`;
}
