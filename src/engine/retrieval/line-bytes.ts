import { definedName, MAX_LINE_CHARS } from './chunks';
import { FNV_OFFSET, FNV_PRIME } from './identifier-table';

// Module locals: under a CommonJS loader (tests, tsx) an imported name is a property read per use.
const [OFFSET, PRIME, MAX_CHARS] = [FNV_OFFSET, FNV_PRIME, MAX_LINE_CHARS];

/** Byte classes: identifier start (`[A-Za-z_$]`), identifier part (start or digit), ASCII white space of `\s`, and not ASCII. */
export const START = 1;
export const PART = 2;
const SPACE = 4;
export const NON_ASCII = 8;

export const CLASS = new Uint8Array(256);
for (let c = 0; c < 256; c++) {
  const letter = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36;
  CLASS[c] = (letter ? START | PART : 0) | (c >= 48 && c <= 57 ? PART : 0) | (c === 32 || (c >= 9 && c <= 13) ? SPACE : 0) | (c >= 0x80 ? NON_ASCII : 0);
}

/**
 * Words a definition line can start with (DEFINITION in chunks.ts): any other first word rules it
 * out. Held as FNV-1a hashes of their letters, so a line's first word is tested without making a
 * string of it (most lines have one): a word that only shares a hash merely runs the regexes.
 */
const FIRST_WORDS = new Set(
  ('export default public private protected internal static abstract final override open suspend inline async pub function class ' +
    'interface type enum const let var def fn fun func struct trait impl module namespace')
    .split(' ')
    .map((w) => [...Buffer.from(w, 'latin1')].reduce((h, c) => Math.imul(h ^ c, PRIME), OFFSET)),
);

/**
 * The lines of one UTF-8 text as byte ranges, split as `textLines` splits the decoded text (on
 * `\n`, without the empty line after a final newline), with the tests chunking asks of a line
 * answered from its bytes. A line is decoded only when its bytes cannot settle the answer: a
 * possible definition, or characters beyond ASCII where `\s` and `trim` know more white space.
 */
export class LineBytes {
  buf: Buffer = Buffer.alloc(0);
  count = 0;
  private starts = new Int32Array(1024);
  private ends = new Int32Array(1024);
  private names: (string | null | undefined)[] = [];

  /** Takes a new text; the lines of the previous one are forgotten. */
  reset(buf: Buffer): void {
    this.buf = buf;
    let n = 0;
    let at = 0;
    for (;;) {
      const nl = buf.indexOf(10, at);
      if (n + 1 >= this.starts.length) this.grow();
      this.starts[n] = at;
      this.ends[n] = nl < 0 ? buf.length : nl;
      n++;
      if (nl < 0) break;
      at = nl + 1;
    }
    // `split('\n')` leaves an empty last part after a final newline; textLines drops it (unless it is the only line).
    if (n > 1 && this.starts[n - 1] === buf.length) n--;
    this.count = n;
    // Cleared in place: a new array for each text was an allocation per file of a build.
    if (this.names.length < n) this.names.length = n;
    this.names.fill(undefined, 0, n);
  }

  start(i: number): number {
    return this.starts[i];
  }

  end(i: number): number {
    return this.ends[i];
  }

  text(i: number): string {
    return this.buf.toString('utf8', this.starts[i], this.ends[i]);
  }

  /** `definedName` of line i (memoised: chunking asks it of lines near a chunk's end, then indexing again). */
  definedName(i: number): string | undefined {
    let name = this.names[i];
    if (name === undefined) this.names[i] = name = this.mayDefine(i) ? (definedName(this.text(i)) ?? null) : null;
    return name ?? undefined;
  }

  /** `/^\s/.test(line)`. */
  startsWithSpace(i: number): boolean {
    const s = this.starts[i];
    if (s === this.ends[i]) return false;
    const c = CLASS[this.buf[s]];
    return (c & SPACE) !== 0 || ((c & NON_ASCII) !== 0 && /^\s/.test(this.text(i)));
  }

  /** `line.trim() === ''`. */
  isBlank(i: number): boolean {
    let decode = false;
    for (let k = this.starts[i]; k < this.ends[i]; k++) {
      const c = CLASS[this.buf[k]];
      if (c & SPACE) continue;
      if (c & NON_ASCII) decode = true;
      else return false;
    }
    return !decode || this.text(i).trim() === '';
  }

  /**
   * Where the identifier scan of line i stops: MAX_LINE_CHARS characters in, as `forEachIdentifier`
   * counts them, or -1 when that cannot be told from bytes (characters beyond ASCII before the
   * cap): the caller then scans the decoded line.
   */
  scanEnd(i: number): number {
    const s = this.starts[i];
    const e = this.ends[i];
    if (e - s <= MAX_CHARS) return e;
    for (let k = s; k < s + MAX_CHARS; k++) if (this.buf[k] >= 0x80) return -1;
    return s + MAX_CHARS;
  }

  /** False only when line i cannot match DEFINITION, METHOD or a markdown heading (chunks.ts). */
  private mayDefine(i: number): boolean {
    const { buf } = this;
    const s = this.starts[i];
    const e = this.ends[i];
    if (s === e) return false;
    if (buf[s] === 35 /* # */) return true;
    let k = s;
    while (k < e && CLASS[buf[k]] & SPACE) k++;
    if (k === e) return false;
    if (buf[k] >= 0x80) return true;
    let w = k;
    let hash = OFFSET;
    while (w < e && ((buf[w] >= 97 && buf[w] <= 122) || (buf[w] >= 65 && buf[w] <= 90))) hash = Math.imul(hash ^ buf[w++], PRIME);
    if (w - k >= 2 && w - k <= 9 && FIRST_WORDS.has(hash)) return true;
    // METHOD: two or more spaces, then a line ending in `{`.
    if (k - s < 2) return false;
    let last = e - 1;
    while (last > k && CLASS[buf[last]] & SPACE) last--;
    return buf[last] === 123 /* { */ || buf[last] >= 0x80;
  }

  private grow(): void {
    const size = this.starts.length * 2;
    const starts = new Int32Array(size);
    const ends = new Int32Array(size);
    starts.set(this.starts);
    ends.set(this.ends);
    this.starts = starts;
    this.ends = ends;
  }
}
