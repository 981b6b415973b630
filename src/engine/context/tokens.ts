import { get_encoding, type Tiktoken, type TiktokenEncoding } from 'tiktoken';

const encoders = new Map<string, Tiktoken>();

/** The tiktoken encoder for `encoding` (kept for the life of the process: creating one costs ~100 ms). */
export function encoderFor(encoding: string): Tiktoken {
  let enc = encoders.get(encoding);
  if (!enc) {
    try {
      enc = get_encoding(encoding as TiktokenEncoding);
    } catch {
      throw new Error(`Unknown token encoding '${encoding}'. Use one of o200k_base, cl100k_base, p50k_base, r50k_base.`);
    }
    encoders.set(encoding, enc);
  }
  return enc;
}

/** Number of tokens `text` costs in `encoding`. */
export function countTokens(text: string, encoding: string): number {
  return encoderFor(encoding).encode_ordinary(text).length;
}

/**
 * The longest prefix of `lines` (whole lines) that fits `maxTokens`, with its token count.
 * Counting line by line keeps every cut on a line boundary, so a citation range stays exact.
 */
export function fitLines(lines: string[], maxTokens: number, encoding: string): { count: number; tokens: number } {
  let tokens = 0;
  for (let i = 0; i < lines.length; i++) {
    const t = countTokens(`${lines[i]}\n`, encoding);
    if (tokens + t > maxTokens) return { count: i, tokens };
    tokens += t;
  }
  return { count: lines.length, tokens };
}
