/**
 * Numbers the distinct values of each kind within one query: the first AWS key seen is
 * `[REDACTED:aws_access_key#1]`, the second distinct one `#2`, and the first key again is `#1`
 * in every later chunk, so a model (and a reader) can tell which redacted values are equal.
 * Values are held only in memory, for the life of the query's scrubber.
 */
export class PlaceholderBook {
  private readonly byKind = new Map<string, Map<string, number>>();

  /** The placeholder for `value` of `kind`, allocating the next number on first sight. */
  placeholder(kind: string, value: string): string {
    let values = this.byKind.get(kind);
    if (!values) {
      values = new Map();
      this.byKind.set(kind, values);
    }
    let n = values.get(value);
    if (n === undefined) {
      n = values.size + 1;
      values.set(value, n);
    }
    return `[REDACTED:${kind}#${n}]`;
  }
}
