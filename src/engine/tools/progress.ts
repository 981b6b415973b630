import type { DetectedCommand } from './commands';

/** At most this many characters of an argument in a progress line; the rest is an ellipsis. */
const MAX_ARG = 60;

function short(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > MAX_ARG ? `${one.slice(0, MAX_ARG - 1)}…` : one;
}

/** `src/a.ts#L10-20` → `src/a.ts (lines 10–20)`; a path without a range stays as it is. */
function describeRange(args: string): string {
  const m = /^(.*?)#L(\d+)(?:-L?(\d+))?$/.exec(args.trim());
  if (!m) return short(args);
  return m[3] && m[3] !== m[2] ? `${short(m[1])} (lines ${m[2]}–${m[3]})` : `${short(m[1])} (line ${m[2]})`;
}

/**
 * What the user is told while a read-only tool runs: what is being read or searched, in words
 * ("Reading src/auth.ts (lines 1–30)…"), never the protocol ("/read", tool rounds). Shown on
 * screen only: progress lines are never logged.
 */
export function describeToolUse(command: DetectedCommand): string {
  if (command.kind !== 'command') return 'Looking at what the model asked for…';
  const { args } = command;
  switch (command.name) {
    case 'read':
      return `Reading ${describeRange(args)}…`;
    case 'search':
      return `Searching the workspace for “${short(args)}”…`;
    case 'grep':
      return `Searching the workspace for /${short(args)}/…`;
    case 'symbols': {
      const [file, filter] = args.trim().split(/\s+/, 2);
      return filter ? `Listing the symbols matching “${short(filter)}” in ${short(file)}…` : `Listing the symbols in ${short(file)}…`;
    }
    case 'references':
      return `Finding where ${short(args)} is used…`;
    case 'memory_search':
      return `Searching earlier answers for “${short(args)}”…`;
    case 'memory_sql':
      return 'Looking up earlier answers in the workspace memory…';
  }
}
