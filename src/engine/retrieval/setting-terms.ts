import { splitIdentifier } from './split-identifier';
import { stem } from './stem';

// The flags, config keys and environment variables a question names (setting-match.ts finds the code defining or reading
// them). Its own module, importing nothing of terms.ts, which reads a question's settings with it.

/** What of a search term weighing settings needs (terms.ts's SearchTerm). */
interface Term {
  text: string;
  kind: string;
  weight: number;
}

/** A name the question gives as a flag, an environment variable or a key in backticks; the name as written. */
export function settingNames(question: string): string[] {
  const names = new Set<string>();
  for (const m of question.matchAll(/(?<![\w-])--[A-Za-z][\w-]*[A-Za-z0-9]/g)) names.add(m[0]);
  // SCREAMING_CASE with an underscore, or one capitalised word the question calls an environment variable (`NETRC`).
  for (const m of question.matchAll(/(?<![\w$])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?![\w$])/g)) names.add(m[0]);
  for (const m of question.matchAll(/(?<![\w$])\$?([A-Z][A-Z0-9]{2,})\s+(?:environment|env)\b/g)) names.add(m[1]);
  for (const m of question.matchAll(/`([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)`/g)) names.add(m[1]);
  // Each name costs a read of the files holding it: a pasted log of SCREAMING_CASE codes would name dozens.
  return [...names].slice(0, MAX_NAMES);
}

const MAX_NAMES = 4;

/** The last member of a dotted key (`server.strictPort` → strictPort), without a flag's dashes. */
export function leafOf(name: string): string {
  return name.replace(/^-+/, '').split('.').pop()!;
}

/** The spellings code gives one name: `--max-count`, `max_count`, `maxCount`, `MaxCount`, `MAX_COUNT`. */
export function spellings(name: string): string[] {
  const leaf = leafOf(name);
  const words = splitIdentifier(leaf);
  if (words.length === 0) return [];
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  const camel = words[0] + words.slice(1).map(cap).join('');
  return [...new Set([leaf, words.join('-'), words.join('_'), camel, cap(camel), words.join('_').toUpperCase()])];
}

/**
 * How much a setting term weighs: a chunk of code defining or reading the name counts 1 + 2 × this (message-match.ts's
 * messageGain, which scores both). On the flags set 0.965 at 0.5 and 0.75, 0.942 at 0.25; at 1 the same as 0.5.
 */
export const SETTING_WEIGHT = 0.5;

/** Words that say what kind of name the question gives (`the NETRC environment variable`, `the http_errors request option`). */
const KIND_WORDS = new Set(
  ['option', 'options', 'flag', 'flags', 'setting', 'settings', 'config', 'configuration', 'environment', 'env', 'variable', 'key', 'default',
    'value', 'tag', 'argument', 'parameter', 'param', 'request', 'read', 'set', 'used', 'applied', 'handled', 'parsed'].map(stem),
);

/**
 * A question about something else that names a flag on the way ("how does the streaming JSON parser for --stream work?":
 * the parser, not the flag's definition in main.c) asks nothing about the name's definition, nor does one asking for
 * the callers of a function or key: with two words of its own beyond the name, or a callers intent, the question keeps no
 * setting term.
 */
export function weighSettings(terms: Map<string, Term>, callers: boolean): void {
  const settings = [...terms].filter(([, t]) => t.kind === 'setting');
  if (settings.length === 0) return;
  const named = new Set(settings.flatMap(([, t]) => splitIdentifier(t.text).map(stem)));
  const others = [...terms.values()].filter((t) => t.kind === 'word' && !named.has(t.text) && !KIND_WORDS.has(t.text)).length;
  // Where a flag or an environment variable is "used" is where it is read: its callers are that.
  for (const [key, t] of settings) if (others >= 2 || (callers && !/^-|^[A-Z0-9_]+$/.test(t.text))) terms.delete(key);
}

/** A question asking to set something up: it names a setting, if only in words. */
const CONFIGURE =
  /\b(?:configur\w*|config|settings?|options?)\b|\bhow (?:do|can|should|would) (?:i|we|you) (?:\w+ )?(?:set|change|enable|disable|tune|adjust)\b/i;
const CONFIGURE_WORDS = new Set(['configure', 'configured', 'configuring', 'configuration', 'config', 'setting', 'settings', 'option', 'options']);

/**
 * A question asking how to configure something names the setting in words, two in a row, where the code writes one name
 * (`the number of worker processes` → nginx's `"worker_processes"` directive, `a reverse proxy in the Caddyfile` → caddy's
 * `"reverse_proxy"`, `the session driver` → laravel's `SESSION_DRIVER`): each pair is looked for as a setting of that name
 * (setting-match.ts), in every spelling, and only the code defining or reading it gains. `sequence` is the question's
 * words in order, lower case, undefined where a stop word or punctuation breaks a pair.
 */
export function settingsInProse(question: string, sequence: readonly (string | undefined)[]): string[] {
  if (!CONFIGURE.test(question)) return [];
  const names: string[] = [];
  for (let i = 0; i + 1 < sequence.length; i++) {
    const [a, b] = [sequence[i], sequence[i + 1]];
    if (!a || !b || a === b || CONFIGURE_WORDS.has(a) || CONFIGURE_WORDS.has(b) || /(?:ed|ing)$/.test(b)) continue;
    names.push(`${a}_${b}`);
  }
  return names.slice(0, MAX_NAMES);
}
