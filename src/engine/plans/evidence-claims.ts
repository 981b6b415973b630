import type { EvidenceId } from './schema';

/**
 * Evidence claims in plan text ("Q1 shows 2/3 prior attempts succeeded") checked against the
 * Q1–Q8 summaries the model was given (seed 004, "Evidence Verification": if the summary does not
 * support the claim, the plan is rejected). A claim must name a query the plan cites, that query
 * must have returned rows, and every figure in the claim must be one of the summary's figures.
 */
export interface EvidenceClaim {
  query: EvidenceId;
  /** The claim as written, up to the end of its sentence. */
  text: string;
  /** Numbers the claim states ("2/3" gives 2 and 3). */
  figures: number[];
  /** "all failed" / "all succeeded" / "none failed" / "never …": an outcome over every row. */
  all?: 'failed' | 'succeeded';
}

const CLAIM = /\b(Q[1-8])\b[^.;\n]*/g;

const NUMBER_WORDS: Record<string, number> = { once: 1, twice: 2, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

/** Every evidence claim in `text`: a Q id and what follows it in the same sentence. */
export function findEvidenceClaims(text: string): EvidenceClaim[] {
  const out: EvidenceClaim[] = [];
  for (const m of text.matchAll(CLAIM)) {
    const rest = m[0];
    // A later Q in the same sentence starts its own claim.
    const cut = rest.slice(2).search(/\bQ[1-8]\b/);
    const claimText = cut >= 0 ? rest.slice(0, cut + 2).trim() : rest.trim();
    const body = claimText.slice(2);
    const figures = [...body.matchAll(/(?<![\w.])(\d+)(?:\s*\/\s*(\d+))?(?![\w.])/g)].flatMap((f) => (f[2] ? [Number(f[1]), Number(f[2])] : [Number(f[1])]));
    for (const w of body.toLowerCase().matchAll(/\b(once|twice|one|two|three|four|five|six|seven|eight|nine|ten)\b/g)) figures.push(NUMBER_WORDS[w[1]]);
    // Bounded gaps: an unbounded one made a model's 256 KB sentence of `all all …` cost 6 s (each `all` scanned to the end).
    const all = /\b(?:all|every|each)\b[^,;]{0,160}\bfail|\bnone\b[^,;]{0,160}\bsucce/i.test(body) ? 'failed'
      : /\b(?:all|every|each)\b[^,;]{0,160}\bsucce|\bnone\b[^,;]{0,160}\bfail/i.test(body) ? 'succeeded' : undefined;
    out.push({ query: m[1] as EvidenceId, text: claimText, figures, all });
  }
  return out;
}

/** The summary lines of one query (`- Q1 (tool_executions): {...}`), without the prefix. */
function linesOf(summary: readonly string[], q: EvidenceId): string[] {
  const prefix = new RegExp(`^- ${q} \\([^)]*\\): `);
  return summary.flatMap((l) => l.split('\n')).filter((l) => prefix.test(l)).map((l) => l.replace(prefix, ''));
}

const numbersIn = (line: string) => new Set([...line.matchAll(/(?<![\w.-])\d+(?![\w.-])/g)].map((m) => Number(m[0])));

/** Whether the "all failed / all succeeded" part of a claim holds for a Q1-style line. */
function allHolds(line: string, all: 'failed' | 'succeeded'): boolean {
  const count = /\bcount: (\d+)/.exec(line);
  const succeeded = /\bsucceeded: (\d+)/.exec(line);
  if (!count || !succeeded) return true;
  return all === 'failed' ? Number(succeeded[1]) === 0 : Number(succeeded[1]) === Number(count[1]);
}

/**
 * The rejection message for each claim the evidence does not support, quoting the claim and the
 * summary. `summary` holds the summary lines the model saw; without them only the citation and
 * the row counts can be checked.
 */
export function checkEvidenceClaims(
  text: string,
  where: string,
  cited: readonly EvidenceId[],
  rowCounts: Partial<Record<EvidenceId, number>>,
  summary?: readonly string[],
): string[] {
  const problems: string[] = [];
  for (const claim of findEvidenceClaims(text)) {
    const lead = `Evidence claim rejected: ${where} says "${claim.text}"`;
    if (!cited.includes(claim.query)) {
      problems.push(`${lead} but the plan does not cite ${claim.query} in evidence_referenced`);
      continue;
    }
    const lines = summary ? linesOf(summary, claim.query) : [];
    const quoted = lines.length ? lines.map((l) => `"${l}"`).join('; ') : `"No evidence found" (${claim.query} returned no rows)`;
    if ((rowCounts[claim.query] ?? 0) === 0) {
      // "Q2 lists no failures" is what an empty result says; a figure or "all …" is not.
      if (claim.figures.some((f) => f > 0) || claim.all) problems.push(`${lead} but ${claim.query}'s summary is ${quoted}`);
      continue;
    }
    if (!summary) continue;
    // When the claim names a subject of one line (a tool, a file, a code), only that line counts.
    const named = lines.filter((l) => [...l.matchAll(/"([^"]+)"/g)].some((s) => claim.text.includes(s[1])));
    const against = named.length ? named : lines;
    const known = new Set(against.flatMap((l) => [...numbersIn(l)]));
    const wrong = claim.figures.filter((f) => !known.has(f));
    const allWrong = claim.all && !against.some((l) => allHolds(l, claim.all!));
    if (wrong.length || allWrong) {
      const what = wrong.length ? `${wrong.join(', ')} ${wrong.length === 1 ? 'is' : 'are'} not in it` : `not all runs ${claim.all}`;
      problems.push(`${lead} but ${claim.query}'s summary is ${against.map((l) => `"${l}"`).join('; ')} (${what})`);
    }
  }
  return problems;
}
