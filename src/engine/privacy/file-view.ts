import { scrubbedLines } from './compose';
import type { ScrubbedText, Scrubber } from './types';

// The one way a part of a file reaches a model: detection runs on the whole text, as the file's
// context sees it, and only then is a range cut or a line-number prefix added. A range cut first
// loses what a detector needs (a private key's BEGIN line; a `.env` line's `KEY=` at the start of
// the line once `12: ` is in front of it), so an excerpt of a redacted region must come from the
// scrubbed whole. The scrubber keeps line breaks inside a redaction, so line numbers still match.

/** Where an excerpt's text came from: the whole file (or the window read of a huge one) and its first line number. */
export interface ExcerptSource {
  text: string;
  /** 1-based line number of the first line of `text` in the file (1 unless only a window was read). */
  firstLine: number;
}

/**
 * Every line of a text as the model may see it: the whole text scrubbed, then split into lines.
 * `finalEmpty: 'keep'` keeps the empty line after a final newline (the tools' numbering has always
 * counted it); by default it is dropped, as the context builder counts lines.
 */
export function scrubbedFileLines(text: string, scrubber: Scrubber, finalEmpty: 'keep' | 'drop' = 'drop'): ScrubbedText[] {
  const scrubbed = scrubber.scrub(text).text;
  return finalEmpty === 'keep' ? (scrubbed.split('\n') as ScrubbedText[]) : scrubbedLines(scrubbed);
}

/**
 * Lines `from`..`to` (1-based, inclusive, clamped to the text) of a source, scrubbed as a whole
 * first. A cache keyed by the source text lets many excerpts of one file share one scrub.
 */
export function scrubbedExcerpt(source: ExcerptSource, from: number, to: number, scrubber: Scrubber, cache?: Map<string, ScrubbedText[]>): ScrubbedText[] {
  let lines = cache?.get(source.text);
  if (!lines) {
    lines = scrubbedFileLines(source.text, scrubber);
    cache?.set(source.text, lines);
  }
  return lines.slice(Math.max(0, from - source.firstLine), Math.max(0, to - source.firstLine + 1));
}

/** `12: text` lines for a tool result, numbered from `from`; the lines must already be scrubbed. */
export function numberedLines(lines: readonly ScrubbedText[], from: number): ScrubbedText[] {
  return lines.map((l, i) => `${from + i}: ${l}` as ScrubbedText);
}
