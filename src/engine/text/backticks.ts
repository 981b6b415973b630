/**
 * The longest run of backticks in `text`, for a Markdown fence or code span that must be longer
 * than any run inside it. A loop: spreading every run into Math.max overflows the stack past
 * ~100 K runs (a long model reply, a minified file).
 */
export function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const m of text.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  return longest;
}

/** A Markdown code fence for `text`: three backticks, or one more than its longest run (a fence inside must not close it). */
export function fenceFor(text: string): string {
  return '`'.repeat(Math.max(2, longestBacktickRun(text)) + 1);
}
