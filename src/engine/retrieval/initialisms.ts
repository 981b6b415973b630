import { stem } from './stem';

/**
 * Three or four words a question spells out that code names a file or folder by their initials: `tfa.ex` and
 * `tfa_auth_controller.ex` for "two-factor authentication", `cdn/` for "content delivery network", `ssr/` for "server side
 * rendering", `jwt.go` for "JSON web token". None of the words is in such a name, so the file was found only by its text;
 * hexpm's two-factor login question found neither file in the top 10. The initials are looked up in file and folder names
 * only (path-boosts.ts): in code a three-letter token is as often something else (`arr`, `err`, `cfg`).
 */
const DIGITS = new Map(Object.entries({ one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9' }));

/** The initials of each run of three or four words in a row, a digit for a number word too (`two-factor auth` → tfa, 2fa). */
export function initialismsOf(words: readonly (string | undefined)[]): { at: number[]; names: string[] }[] {
  const out: { at: number[]; names: string[] }[] = [];
  for (let size = 3; size <= 4; size++) {
    for (let i = 0; i + size <= words.length; i++) {
      const run = words.slice(i, i + size);
      if (run.some((w) => !w)) continue;
      const letters = (run as string[]).map((w) => w[0]).join('');
      const digit = DIGITS.get(run[0]!);
      out.push({ at: run.map((_, k) => i + k), names: digit ? [letters, digit + letters.slice(1)] : [letters] });
    }
  }
  return out;
}

/** The words of one whitespace-separated token that may start a name's initials: a hyphenated word gives each part. */
export function spelledWords(raw: string, isStop: (word: string) => boolean): (string | undefined)[] {
  const token = raw.replace(/^[.'":]+|[.'":]+$/g, '');
  if (!/^[A-Za-z]+(?:-[A-Za-z]+)*$/.test(token)) return [undefined];
  return token
    .toLowerCase()
    .split('-')
    .map((w) => (w.length > 1 && !isStop(w) ? w : undefined));
}

/** The fields of terms.ts's SearchTerm used here (importing it would make a cycle). */
interface WordTerm {
  kind: string;
  verb?: boolean;
  initials?: string[];
}

/**
 * Gives each word of a run of three or four the run's initials, for file and folder names. A verb the question wrote in
 * a past form ends a run: a name's initials are of a noun phrase ("verified" in "two-factor authentication verified").
 */
export function addInitials(spelled: (string | undefined)[], out: Map<string, WordTerm>): void {
  const termOf = (w: string) => out.get(`tok:${stem(w)}`);
  const usable = spelled.map((w) => {
    const t = w ? termOf(w) : undefined;
    return t && (t.kind === 'word' || t.kind === 'part') && !t.verb ? w : undefined;
  });
  for (const { at, names } of initialismsOf(usable)) {
    const t = termOf(usable[at[at.length - 1]]!)!;
    t.initials = [...new Set([...(t.initials ?? []), ...names])];
  }
}
