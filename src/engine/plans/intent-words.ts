// No imports: the plan view's webview bundle uses these words too.
const INTENT_WORDS: Record<string, string> = { READ: 'Read', MUTATE: 'Change', QUERY: 'Look up', EXPLAIN: 'Explain' };

/** A plan's intent in words ("Change", not "MUTATE"), wherever a person reads it; an unknown one as it is. */
export function intentWord(intent: string): string {
  return INTENT_WORDS[intent] ?? intent;
}
