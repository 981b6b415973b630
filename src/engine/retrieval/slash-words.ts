/**
 * Letters joined by a slash as prose abbreviates a word (`I/O`, `R/W`) are the word code writes
 * without it (`io`, tokio's runtime/io/, `rw`); read as a path, `I/O` searched for a file `i/o` and
 * a part `o`, and "how does the I/O driver wake a task?" found net/ (tokio: the answer, runtime/io/,
 * was not in the top 10). Only a whole token of one letter each side: `src/a/b.ts` stays a path.
 */
const SLASH_LETTERS = /(^|\s)([A-Za-z])\/([A-Za-z])(?=[\s.,;:?!)'"]|$)/g;

export function joinSlashLetters(text: string): string {
  return text.replace(SLASH_LETTERS, '$1$2$3');
}
