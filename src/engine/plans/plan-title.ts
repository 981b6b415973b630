import type { RecentRun } from '../audit/recent-runs';
import { isToolName, stepPath } from '../tools/catalog';
import { intentWord } from './intent-words';
import type { Plan } from './schema';

/** Where a title one line long (a tab, a list entry) is cut. */
export const SHORT_TITLE_CHARS = 60;

/** `text` cut to `max` characters at a word's end, marked with "…"; a path is cut whole or not at all. */
function cutAtWord(text: string, max: number): string {
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

/** Where an explanation's first sentence ends: after `.`, `!` or `?` and a blank, or at its first line's end. */
export const SENTENCE_END = /(?<=[.!?])\s|\n/;

/** Text without the Markdown marks a title does not show (code ticks, emphasis, headings, quotes). */
export const withoutMarks = (text: string): string => text.replace(/[`*_#>]/g, '');

/**
 * A plan's title in words, never its id: the first sentence of its explanation, else what it does
 * and to which file ("Change src/auth.ts and 2 more"). The plan view, the chat's /plan and the
 * "Reconstruct run…" list all name a plan by it. `max` is the longest title: a tab or a list entry
 * has one line, while a heading (the plan view's, which wraps) can show the whole sentence.
 */
export function planTitle(plan: Pick<Plan, 'explanation' | 'intent' | 'steps'>, max = SHORT_TITLE_CHARS): string {
  const sentence = plan.explanation && withoutMarks(plan.explanation).split(SENTENCE_END)[0]?.trim();
  if (sentence) return sentence.length > max ? cutAtWord(sentence, max) : sentence.replace(/[.!?]$/, '');
  return byFiles(plan, (p) => p) ?? `${intentWord(plan.intent)}: ${plan.steps.length} step(s)`;
}

/** The files a plan's steps work on, each once, in order. */
const stepFiles = (plan: Pick<Plan, 'steps'>): string[] =>
  [...new Set(plan.steps.flatMap((s) => (isToolName(s.tool) ? [stepPath(s.tool, s.arguments)] : [])).filter((p): p is string => Boolean(p)))];

/** "Change src/auth.ts and 2 more": what a plan does to which files (each named by `name`); undefined without a file. */
function byFiles(plan: Pick<Plan, 'intent' | 'steps'>, name: (path: string) => string): string | undefined {
  const files = stepFiles(plan);
  return files.length ? `${intentWord(plan.intent)} ${name(files[0])}${files.length > 1 ? ` and ${files.length - 1} more` : ''}` : undefined;
}

/** The longest tab title: VS Code cuts a tab's label at the edge of a narrow editor group, mid-word. */
export const TAB_TITLE_CHARS = 32;

/**
 * A plan's tab title, short enough to be read whole in a narrow editor group: its sentence when that
 * is short, else what it does to which file, by the file's name ("Change exceptions.py and 1 more"),
 * else the sentence cut at a word. The plan view's heading says the whole sentence.
 */
export function planTabTitle(plan: Pick<Plan, 'explanation' | 'intent' | 'steps'>): string {
  const whole = planTitle(plan, Number.POSITIVE_INFINITY);
  if (whole.length <= TAB_TITLE_CHARS) return whole;
  const named = byFiles(plan, (p) => p.split('/').pop() ?? p);
  return named && named.length <= TAB_TITLE_CHARS ? named : cutAtWord(whole, TAB_TITLE_CHARS);
}

/**
 * `title`, or `title (2)`, `(3)`… when a tab open already has it: two plans for the same change
 * (asked twice, or a revised plan) opened as two tabs with one title, and the user could not tell
 * which was which. The first keeps its title; numbers are the smallest free one.
 */
export function distinctTitle(title: string, taken: Iterable<string>): string {
  const open = new Set(taken);
  if (!open.has(title)) return title;
  let n = 2;
  while (open.has(`${title} (${n})`)) n++;
  return `${title} (${n})`;
}

/**
 * The longest name in a run record's tab ("Run: README.md"). The record opens in VS Code's Markdown
 * preview, whose tab says "Preview " before the title and has three buttons beside it: in an editor
 * group of a 900 px window, about 22 characters of its label are read, so 12 are left for the name.
 */
export const RUN_NAME_CHARS = 12;

/**
 * A plan named in at most `max` characters: its sentence when that short, else the files it changes
 * by name ("README.md", "a.ts +2"), else its sentence cut. Used where the intent's word cannot fit.
 */
export function planShortName(plan: Pick<Plan, 'explanation' | 'intent' | 'steps'>, max = RUN_NAME_CHARS): string {
  const whole = planTitle(plan, Number.POSITIVE_INFINITY);
  if (whole.length <= max) return whole;
  const files = stepFiles(plan).map((p) => p.split('/').pop() ?? p);
  const named = files.length ? `${files[0]}${files.length > 1 ? ` +${files.length - 1}` : ''}` : undefined;
  if (named) return named.length <= max ? named : `${named.slice(0, max - 1)}…`;
  return cutAtWord(whole, max);
}

/**
 * A "Reconstruct run…" entry for a plan, named as the plan view names it, its intent in words and
 * its id kept in the detail (typing the id still finds it); an unreadable plan keeps its id label.
 */
export function titledRecentRun(run: RecentRun): RecentRun {
  if (run.planJson === undefined) return run;
  const { planJson, ...rest } = run;
  try {
    const plan = JSON.parse(planJson);
    if (!plan || typeof plan.intent !== 'string' || !Array.isArray(plan.steps)) return rest;
    return { ...rest, label: planTitle(plan), detail: `${run.detail.replace(/^\S+/, intentWord(plan.intent))} · ${run.id}` };
  } catch {
    return rest;
  }
}
