/**
 * Screens model explanations (seed 004, section 5): evidence may be stated, never interpreted.
 * A violation is reported with the rule and the exact phrase; the text is never rewritten.
 */
export type ScreenRule = 'confidence' | 'causal' | 'risk' | 'policy' | 'history';

export interface ScreenViolation {
  rule: ScreenRule;
  phrase: string;
  /** Character offset of the phrase in the explanation. */
  index: number;
}

const ruleText: Record<ScreenRule, string> = {
  confidence: 'no confidence or probability language',
  causal: 'no causal claims (only temporal adjacency)',
  risk: 'no risk assessment',
  policy: 'no policy statements',
  history: 'no claims about past outcomes beyond the evidence (state what a query shows, e.g. "Q1 shows 2/3 prior attempts succeeded")',
};

// `(?<![\w-])` / `(?![\w-])` make every term a whole word: "safeguard", "span-safe" and
// "likelihood" do not match "safe" or "likely".
const w = (alternatives: string) => new RegExp(`(?<![\\w-])(?:${alternatives})(?![\\w-])`, 'gi');

const patterns: Array<[ScreenRule, RegExp]> = [
  ['confidence', /(?<![\w.])\d+(?:\.\d+)?\s?%/g],
  [
    'confidence',
    w(
      ('probably|likely|unlikely|might|maybe|perhaps|possibly|presumably|confidence|confident|probability|chance(?:s)? ' +
        '(?:of|that|are|is)|odds|certainly|almost certainly'),
    ),
  ],
  [
    'causal',
    w(
      ('caused|causes|causing|cause of|fixed|prevented|prevents|preventing|because of|due to|resulted in|results in|led to|leads to|as a result ' +
        'of|responsible for|thanks to'),
    ),
  ],
  ['risk', w('risky|risk|risks|unsafe|safe|safely|dangerous|danger|hazardous|error-prone')],
  // Seed 004: "Q8 shows this fix worked before" → REJECTED (Q8 holds temporal gaps, not "worked").
  [
    'history',
    w(
      ('worked (?:before|previously|earlier|last time|in the past|fine|well)|has (?:always )?worked|have (?:always )?worked|always worked|used to work|did ' +
        ('the trick|is known to work|known to work|never (?:fails|failed)|always (?:fails|failed|succeeds|succeeded)|(?:has|have) (?:never|always) ' +
          '(?:failed|succeeded)|(?:it|this|that) (?:works|worked)|works (?:fine|again)')),
    ),
  ],
  [
    'policy',
    w(
      ("should not|shouldn't|should never|better to avoid|better not|must not|ought not|(?:you|we) should(?!\\s+(?:not|never))|it is best to|is not " +
        "recommended|not recommended|recommend against|avoid doing"),
    ),
  ],
];

/** Removes inline code spans and fenced blocks (quoted code, verbatim tool output) by blanking them. */
function blankCode(text: string): string {
  const blank = (m: string) => m.replace(/[^\n]/g, ' ');
  return text.replace(/```[\s\S]*?```/g, blank).replace(/`[^`\n]*`/g, blank);
}

/** Every violation in order of appearance (deterministic). Text inside backticks is not screened. */
export function screenExplanation(text: string): ScreenViolation[] {
  const screened = blankCode(text);
  const found: ScreenViolation[] = [];
  for (const [rule, pattern] of patterns) {
    pattern.lastIndex = 0;
    for (const m of screened.matchAll(pattern)) found.push({ rule, phrase: text.slice(m.index, m.index + m[0].length), index: m.index });
  }
  found.sort((a, b) => a.index - b.index || a.rule.localeCompare(b.rule));
  return found.filter((v, i) => i === 0 || v.index !== found[i - 1].index || v.rule !== found[i - 1].rule);
}

/** The rejection message for one violation, e.g. `Explanation rejected: no causal claims (only temporal adjacency): "caused"`. */
export function formatViolation(v: ScreenViolation): string {
  return `Explanation rejected: ${ruleText[v.rule]}: "${v.phrase}"`;
}
