import { escapeRegExp } from '../text/escape-regexp';

/**
 * A run's explanation may not say a step did what the audit log says it did not. A model told of
 * a rejected step wrote "The single step wrote the note to the version file and succeeded": the
 * plan view showed that under "0 changes applied · 1 rejected". Each sentence that says something
 * was done or succeeded, and does not deny it, is checked against the recorded statuses.
 */

/** One step as the audit log recorded it. */
export interface RecordedStep {
  stepId: string;
  tool: string;
  status: string;
}

// Words that say a step took effect: a verb of success, or a change said as done ("was written"). Whole
// words, so "successor" or "a step that adds" do not count; "proposed to add a line" is no claim.
const DONE = new RegExp(
  '(?<![\\w-])(?:succeed(?:ed|s)?|success(?:ful|fully)?|applied|wrote|completed|' +
    '(?:was|were|has been|have been|is now|are now) (?:written|changed|updated|modified|added|saved|created|deleted|removed|renamed|appended))(?![\\w-])',
  'i',
);
// A sentence that denies or conditions the claim ("was not applied", "nothing was written", "would have added").
const DENIED = /(?<![\w-])(?:not|no|nothing|none|never|neither|nor|without|instead|rather|would|could|if|unless)(?![\w-])|n't\b/i;

/** The sentences of a text, code spans blanked (a quoted tool error may say anything), step ids kept. */
function sentences(text: string): string[] {
  const plain = text.replace(/```[\s\S]*?```/g, ' ').replace(/`([^`\n]*)`/g, (_m, inner: string) => (/^[\w-]+$/.test(inner) ? inner : ' '));
  return plain.split(/(?<=[.!?])\s+|\n+/).map((s) => s.trim()).filter(Boolean);
}

const said = (status: string) => (status === 'rejected' ? 'rejected (not applied)' : status);

/**
 * The refusals of an explanation whose sentences claim what the recorded steps contradict: any
 * claim of effect when no step succeeded, and a claim naming a step (by id, as the prompt names
 * them) that did not succeed. Empty when the explanation agrees with the record.
 */
export function checkOutcomeClaims(explanation: string, steps: RecordedStep[]): string[] {
  const out: string[] = [];
  const noneSucceeded = steps.length > 0 && steps.every((s) => s.status !== 'succeeded');
  const record = steps.map((s) => `${s.stepId} ${s.tool}: ${said(s.status)}`).join('; ');
  // Each step that did not succeed with the pattern of its id as a whole word, made once for every sentence.
  const unsucceeded = steps.filter((s) => s.status !== 'succeeded').map((s) => ({ s, id: new RegExp(`(?<![\\w-])${escapeRegExp(s.stepId)}(?![\\w-])`) }));
  for (const sentence of sentences(explanation)) {
    // Judged clause by clause: "s1 succeeded, s2 was rejected" claims nothing of s2.
    const claims = sentence.split(/[;,:]|\s(?:and|but|while|whereas)\s/).filter((c) => DONE.test(c) && !DENIED.test(c));
    const named = unsucceeded.find(({ id }) => claims.some((c) => id.test(c)))?.s;
    if (claims.length && (noneSucceeded || named)) {
      const recorded = named ? `${named.stepId} ${named.tool}: ${said(named.status)}` : record;
      out.push(`Explanation rejected: it says "${sentence}", but the audit log records ${recorded}`);
    }
  }
  return out;
}

