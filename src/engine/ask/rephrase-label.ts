import type { Rephrasing } from './types';

/** "Ask again with @src/a.ts": a mention's "Did you mean" as one click, worded the same in the chat and the view. */
export function askAgainWith(r: Rephrasing): string {
  return `Ask again with ${r.mention}`;
}
