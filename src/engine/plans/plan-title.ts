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

/**
 * A plan's title in words, never its id: the first sentence of its explanation, else what it does
 * and to which file ("Change src/auth.ts and 2 more"). The plan view, the chat's /plan and the
 * "Reconstruct run…" list all name a plan by it. `max` is the longest title: a tab or a list entry
 * has one line, while a heading (the plan view's, which wraps) can show the whole sentence.
 */
export function planTitle(plan: Pick<Plan, 'explanation' | 'intent' | 'steps'>, max = SHORT_TITLE_CHARS): string {
  const sentence = plan.explanation?.replace(/[`*_#>]/g, '').split(/(?<=[.!?])\s|\n/)[0]?.trim();
  if (sentence) return sentence.length > max ? cutAtWord(sentence, max) : sentence.replace(/[.!?]$/, '');
  const files = [...new Set(plan.steps.flatMap((s) => (isToolName(s.tool) ? [stepPath(s.tool, s.arguments)] : [])).filter((p): p is string => Boolean(p)))];
  const what = intentWord(plan.intent);
  return files.length ? `${what} ${files[0]}${files.length > 1 ? ` and ${files.length - 1} more` : ''}` : `${what}: ${plan.steps.length} step(s)`;
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
