import type { ScrubbedText } from './types';

/** Concatenates scrubbed pieces: the result is scrubbed because every piece is. */
export function joinScrubbed(parts: readonly ScrubbedText[], separator: '' | '\n' | '\n\n' = ''): ScrubbedText {
  return parts.join(separator) as ScrubbedText;
}

/** Splits scrubbed text into lines (a trailing newline does not make an extra empty line). */
export function scrubbedLines(text: ScrubbedText): ScrubbedText[] {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines as ScrubbedText[];
}

/**
 * A tagged template for prompts and fences: the literal parts are Grounded's own source text, and
 * every interpolated value must already be scrubbed (or be a number), so nothing unscrubbed can
 * slip into what is sent.
 */
export function scrubbedTemplate(strings: TemplateStringsArray, ...values: Array<ScrubbedText | number>): ScrubbedText {
  let out = strings[0];
  values.forEach((v, i) => { out += String(v) + strings[i + 1]; });
  return out as ScrubbedText;
}
