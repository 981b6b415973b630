import { insideIban } from './checks';
import type { Finding, PatternRule } from './detector';

// Most personal numbers (cards, phones, national ids, IPv4) are runs of digits and separators.
// Instead of letting each of their patterns try every position of every file, one regex pass
// finds the numeric runs, and the patterns run only inside runs holding enough digits. In
// source code such runs are rare, so adding a number format costs almost nothing.

/** A pattern rule for numbers: it runs only in numeric runs with at least `minDigits` digits. */
export interface NumericRule extends PatternRule {
  minDigits: number;
}

interface Run {
  start: number;
  end: number;
  digits: number;
}

// A numeric run starts at a digit (or `+`/`(` before one) and goes on over digits and
// separators; an upper-case run (IBANs, NINOs, codice fiscale, PAN) starts with two capitals.
// Written `X{6}X*`, not `X{6,}`: V8 compiles a plain star over a character class to a tight loop,
// while `{6,}` keeps a backtracking entry per character (a megabyte-long run took ~200 ms).
const NUMERIC = /[+(]?\d[\d ().\/+-]{6}[\d ().\/+-]*/g;
const UPPER = /(?<![A-Za-z0-9])[A-Z]{2}[A-Z0-9 -]{6}[A-Z0-9 -]*/g;

export type RunShape = 'numeric' | 'upper';

const cache: Record<RunShape, { text?: string; runs: Run[] }> = { numeric: { runs: [] }, upper: { runs: [] } };

function countDigits(text: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) n++;
  }
  return n;
}

/** The runs of a text; the last text's runs are kept, since every detector asks again. */
export function runsOf(text: string, shape: RunShape = 'numeric'): readonly Run[] {
  const cached = cache[shape];
  if (text === cached.text) return cached.runs;
  const runs: Run[] = [];
  const RUN = shape === 'numeric' ? NUMERIC : UPPER;
  RUN.lastIndex = 0;
  for (let m = RUN.exec(text); m !== null; m = RUN.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    const digits = countDigits(text, start, end);
    if (digits >= 4) runs.push({ start, end, digits });
  }
  cached.text = text;
  cached.runs = runs;
  return runs;
}

/** Runs numeric rules inside the runs that hold enough digits, with a little context around. */
export function findInNumericRuns(rules: readonly NumericRule[], text: string, shape: RunShape = 'numeric'): Array<Omit<Finding, 'priority'>> {
  const out: Array<Omit<Finding, 'priority'>> = [];
  for (const run of runsOf(text, shape)) {
    const from = Math.max(0, run.start - 1);
    const window = text.slice(from, Math.min(text.length, run.end + 2));
    for (const rule of rules) {
      if (run.digits < rule.minDigits) continue;
      const re = rule.pattern;
      re.lastIndex = 0;
      for (let m = re.exec(window); m !== null; m = re.exec(window)) {
        if (m[0].length === 0) {
          re.lastIndex++;
          continue;
        }
        const start = from + m.index;
        if (rule.accept && !rule.accept(m[0], text, start)) continue;
        // The digits of an IBAN that failed its check (`DE89 3704 0044 …`) are no number of their own.
        if (shape === 'numeric' && start > 4 && insideIban(text, start)) continue;
        out.push({ kind: rule.kind, start, end: start + m[0].length });
      }
    }
  }
  return out;
}

/**
 * A number that letters open or split (`DE136695976`, a KVNR `A123456780`, an RVNR `15070649C103`): its digits
 * still make a numeric run, so its sticky `pattern` is tried only at the places `starts` gives for each run,
 * not at every letter of every text.
 */
export interface RunLedRule {
  kind: string;
  /** Sticky (`y`); tried at each start. */
  pattern: RegExp;
  starts: (run: { start: number; end: number }) => readonly number[];
  accept?: (value: string, text: string, start: number) => boolean;
}

/** The matches of rules whose numbers letters open or split, tried only around the numeric runs. */
export function findAroundRuns(rules: readonly RunLedRule[], text: string): Array<Omit<Finding, 'priority'>> {
  const out: Array<Omit<Finding, 'priority'>> = [];
  for (const run of runsOf(text)) {
    for (const rule of rules) {
      for (const start of rule.starts(run)) {
        if (start < 0) continue;
        rule.pattern.lastIndex = start;
        const m = rule.pattern.exec(text);
        if (m && (!rule.accept || rule.accept(m[0], text, start))) out.push({ kind: rule.kind, start, end: start + m[0].length });
      }
    }
  }
  return out;
}
