declare const scrubbedBrand: unique symbol;

/**
 * Text that has passed the scrubber. Only `privacy/` creates values of this type, and every
 * provider accepts only this type, so the compiler enforces "the scrubber is the only way out".
 */
export type ScrubbedText = string & { readonly [scrubbedBrand]: true };

/** Redactions by kind, e.g. `{ aws_access_key: 1, email: 3 }`. */
export type RedactionCounts = Record<string, number>;

export interface ScrubOutcome {
  text: ScrubbedText;
  redactions: RedactionCounts;
}

/**
 * One scrubber per query: the same secret gets the same placeholder in every chunk of that
 * query, and `totals()` sums what was redacted across all calls.
 */
export interface Scrubber {
  scrub(text: string): ScrubOutcome;
  totals(): RedactionCounts;
  /** Number of `scrub` calls that made at least one redaction. */
  readonly chunksWithRedactions: number;
  /** Number of `scrub` calls. */
  readonly chunksScrubbed: number;
}
