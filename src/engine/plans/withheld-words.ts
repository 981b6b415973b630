/**
 * What a refusal of a run's explanation is about, for saying it in plain words: the rule text
 * ("Explanation rejected: no causal claims …") names a check, not what went wrong for the user.
 */
export type RefusalKind = 'outcome' | 'language' | 'tool-error' | 'evidence';

const saidOf: Record<RefusalKind, string> = {
  outcome: 'it said a step succeeded or changed a file, but the audit log records otherwise',
  language: 'it used words an account of a run may not use (a cause, a likelihood, a risk or advice)',
  'tool-error': "it did not quote a tool's error word for word",
  evidence: 'it cited evidence the audit log does not hold',
};

/**
 * Why the model's account of a run is not shown, and what the user can do, in one short paragraph:
 * the first kind of refusal first, each kind once. The verbatim rules stay available beside it.
 */
export function withheldInWords(kinds: readonly RefusalKind[]): string {
  const reasons = [...new Set(kinds)].map((k) => saidOf[k]);
  const why = reasons.length ? `: ${reasons.join('; and ')}` : '';
  return (
    `Grounded withheld the model's account of this run${why} (it was asked once to correct it). ` +
    'The steps above are what happened; Show the run record for the full account from the audit log.'
  );
}
