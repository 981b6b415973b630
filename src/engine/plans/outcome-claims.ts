import { escapeRegExp } from '../text/escape-regexp';
import { isToolName, toolMutates } from '../tools/catalog';

/**
 * A run's explanation may not say a step did what the audit log says it did not. A model told of
 * a rejected step wrote "The single step wrote the note to the version file and succeeded": the
 * plan view showed that under "0 changes applied · 1 rejected". Each clause that says something
 * was done or succeeded, and does not deny it, is checked against the recorded statuses.
 */

/** One step as the audit log recorded it. */
export interface RecordedStep {
  stepId: string;
  tool: string;
  status: string;
  /** The workspace file the step is about (its tool's path argument), when it has one. */
  path?: string;
}

// Words that say a step took effect: a verb of success or of a change done ("s2 added", "was replaced"), or the
// state it left ("now contains", "is shorter now", "in place"). Whole words, so "successor" or "a step that adds" do
// not count; "proposed to add a line" is no claim. "completed" alone is not one: a run whose steps were all
// rejected completes too, and the model is told so in those words.
const CHANGE_VERBS = 'added|updated|changed|modified|replaced|rewrote|rewritten|wrote|written|patched|edited|saved|created|deleted|removed|' +
  'renamed|appended|inserted|shortened|bumped|moved|applied';
const DONE = new RegExp(
  '(?<![\\w-])(?:succeed(?:ed|s)?|success(?:ful|fully)?|took effect|went through|in place|' + CHANGE_VERBS + '|' +
    'now (?:contains?|reads?|has|have|is|are|uses?|says?|includes?|holds?|shows?)|(?:is|are) now|(?:is|are) \\w+ now)(?![\\w-])',
  'i',
);
// A clause that denies, conditions or only reports the proposal ("was not applied", "nothing was written", "would have
// added", "0 of 2 steps succeeded", "the rejected edit added a line").
const DENIED = new RegExp(
  '(?<![\\w-])(?:not|no|nothing|none|never|neither|nor|without|instead|rather|would|could|if|unless|0 of|zero|' +
    'rejected|declined|skipped|failed|refused|cancell?ed|unchanged|proposed|proposes)(?![\\w-])|n\'t\\b',
  'i',
);
// "Both steps succeeded", "all the changes were applied": a claim about every step. "All steps ran" is one too, where
// "the plan ran to the end" (it does, rejected steps and all) is none.
const EVERY = /(?<![\w-])(?:all|both|every|each)(?![\w-])/i;
const RAN = /(?<![\w-])ran(?![\w-])/i;

/** The sentences of a text, code spans blanked (a quoted tool error may say anything), step ids and paths kept. */
function sentences(text: string): string[] {
  const plain = text.replace(/```[\s\S]*?```/g, ' ').replace(/`([^`\n]*)`/g, (_m, inner: string) => (/^[\w./-]+$/.test(inner) ? inner : ' '));
  return plain.split(/(?<=[.!?])\s+|\n+/).map((s) => s.trim()).filter(Boolean);
}

const said = (status: string) => (status === 'rejected' ? 'rejected (not applied)' : status);
const changes = (s: RecordedStep) => isToolName(s.tool) && toolMutates(s.tool);
const wholeWord = (word: string) => new RegExp(`(?<![\\w./-])${escapeRegExp(word)}(?![\\w/-]|\\.\\w)`);

/** A step that did not succeed, with the patterns of its id and of the file only it would have changed. */
interface Unsucceeded { s: RecordedStep; id: RegExp; files: RegExp[] }

/**
 * How a claim may name each step that did not succeed: by its id (as the prompt names them), or by the file it would
 * have changed when no step that succeeded changed that file (its path, or its file name when that has an extension).
 */
function unsucceededSteps(steps: RecordedStep[]): Unsucceeded[] {
  const changedFiles = new Set(steps.filter((s) => s.status === 'succeeded' && changes(s) && s.path).map((s) => s.path));
  return steps.filter((s) => s.status !== 'succeeded').map((s) => {
    const files: RegExp[] = [];
    if (s.path && changes(s) && !changedFiles.has(s.path)) {
      files.push(wholeWord(s.path));
      const base = s.path.split('/').pop() ?? '';
      if (base !== s.path && base.includes('.')) files.push(wholeWord(base));
    }
    return { s, id: wholeWord(s.stepId), files };
  });
}

/** The step a claim is about among those that did not succeed: by id, else by file unless it names a step that succeeded. */
function namedIn(claim: string, unsucceeded: Unsucceeded[], succeeded: RegExp[]): RecordedStep | undefined {
  const byId = unsucceeded.find((u) => u.id.test(claim));
  if (byId || succeeded.some((id) => id.test(claim))) return byId?.s;
  return unsucceeded.find((u) => u.files.some((f) => f.test(claim)))?.s;
}

/**
 * The refusals of an explanation whose sentences claim what the recorded steps contradict: any
 * claim of effect when no step succeeded, a claim about every step when one did not, and a claim
 * naming a step that did not succeed, by its id or by the file only it would have changed. Empty
 * when the explanation agrees with the record.
 */
export function checkOutcomeClaims(explanation: string, steps: RecordedStep[]): string[] {
  const out: string[] = [];
  const noneSucceeded = steps.length > 0 && steps.every((s) => s.status !== 'succeeded');
  const record = steps.map((s) => `${s.stepId} ${s.tool}: ${said(s.status)}`).join('; ');
  const unsucceeded = unsucceededSteps(steps);
  const succeeded = steps.filter((s) => s.status === 'succeeded').map((s) => wholeWord(s.stepId));
  for (const sentence of sentences(explanation)) {
    // Judged clause by clause: "s1 succeeded, s2 was rejected" claims nothing of s2.
    const claims = sentence.split(/[;,:]|\s(?:and|but|while|whereas)\s/).filter((c) => (DONE.test(c) || (EVERY.test(c) && RAN.test(c))) && !DENIED.test(c));
    const named = claims.map((c) => namedIn(c, unsucceeded, succeeded)).find(Boolean);
    const every = claims.some((c) => EVERY.test(c)) ? unsucceeded[0]?.s : undefined;
    if (claims.length && (noneSucceeded || named || every)) {
      const step = named ?? (noneSucceeded ? undefined : every);
      const recorded = step ? `${step.stepId} ${step.tool}: ${said(step.status)}` : record;
      out.push(`Explanation rejected: it says "${sentence}", but the audit log records ${recorded}`);
    }
  }
  return out;
}
