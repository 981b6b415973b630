import { chunkEndOf, definitionTokens, forEachIdentifier, identifierTokens } from './chunks';
import { FNV_OFFSET, FNV_PRIME, IdentifierTable } from './identifier-table';
import { CLASS, LineBytes, PART, START } from './line-bytes';
import type { PostingStore } from './postings';

/** One chunk as the tokenizer reports it (its postings are already in the store). */
export interface TokenizedChunk {
  startLine: number;
  endLine: number;
  length: number;
}

// Module locals, not imports: under a CommonJS loader (tests, tsx) each imported name is a getter
// call, and scan runs once per line of the tree, its loop once per byte.
const [cls, start, part, offset, prime] = [CLASS, START, PART, FNV_OFFSET, FNV_PRIME];

/** Distinct identifiers remembered before the table starts again (bounds its memory in a huge tree). */
const TABLE_LIMIT = 500_000;

/**
 * Chunks a text and writes each chunk's postings straight into a posting store. Works on the
 * text's UTF-8 bytes: identifiers are found and looked up by their bytes (IdentifierTable), lines
 * are byte ranges, and a line becomes a string only when a definition may start on it. Term
 * frequencies are counted in one reusable typed array indexed by token id. Gives the same chunks,
 * frequencies and definitions as `chunkText`, several times faster and without the garbage,
 * which is what a cold build of a large tree spends its time on.
 */
export class ChunkTokenizer {
  private counts = new Uint32Array(1 << 16);
  /** Token ids counted in the current chunk, in first-seen order: `touched[0, touchedCount)`. */
  private touched = new Int32Array(1 << 12);
  private touchedCount = 0;
  /** `defined[id] === chunkSerial`: the current chunk defines the token (no set to clear per chunk). */
  private defined = new Uint32Array(1 << 16);
  private chunkSerial = 0;
  /** List ids of identifiers met on lines scanned as text (beyond ASCII): a memo, as the table is for bytes. */
  private readonly idsOfText = new Map<string, number[]>();
  private table = new IdentifierTable();
  /** Entry id of the table → list ids of the identifier's tokens (stable until the store is packed). */
  private idsOfEntry: number[][] = [];
  /** A definition's name → list ids of the tokens it defines. */
  private readonly idsOfDefinition = new Map<string, number[]>();
  private readonly lines = new LineBytes();
  private length = 0;

  constructor(private readonly store: PostingStore) {}

  /**
   * Tokenizes `text` (a string, or its UTF-8 bytes) into chunks; `nextId` gives each chunk its id
   * before its postings are written.
   */
  tokenize(text: string | Uint8Array, nextId: (c: TokenizedChunk) => number): void {
    const buf = typeof text === 'string' ? Buffer.from(text, 'utf8') : Buffer.isBuffer(text) ? text : Buffer.from(text.buffer, text.byteOffset, text.byteLength);
    const lines = this.lines;
    lines.reset(buf);
    for (let start = 0; start < lines.count; ) {
      const end = chunkEndOf(lines.count, start, (i) => lines.definedName(i) !== undefined && !lines.startsWithSpace(i), (i) => lines.isBlank(i));
      this.length = 0;
      // A serial per chunk marks its definitions; past the array's largest value the stale marks must go.
      if (++this.chunkSerial > 0xffff_ffff) {
        this.chunkSerial = 1;
        this.defined.fill(0);
      }
      const serial = this.chunkSerial;
      for (let i = start; i < end; i++) {
        const stop = lines.scanEnd(i);
        if (stop < 0) forEachIdentifier(lines.text(i), (identifier) => this.countIds(this.idsOfTextIdentifier(identifier)));
        else this.scan(buf, lines.start(i), stop);
        const name = lines.definedName(i);
        if (name) {
          const ids = this.definitionIds(name);
          for (let k = 0; k < ids.length; k++) this.defined[ids[k]] = serial;
        }
      }
      const chunkId = nextId({ startLine: start + 1, endLine: end, length: this.length });
      const { touched, counts, defined } = this;
      for (let k = 0; k < this.touchedCount; k++) {
        const id = touched[k];
        this.store.addTo(id, chunkId, counts[id], defined[id] === serial);
        counts[id] = 0;
      }
      this.touchedCount = 0;
      start = end;
    }
  }

  /** Counts the identifiers of `buf[from, to)` (`[A-Za-z_$][\w$]*`, ASCII: other bytes separate them). */
  private scan(buf: Buffer, from: number, to: number): void {
    let i = from;
    while (i < to) {
      if ((cls[buf[i]] & start) === 0) {
        i++;
        continue;
      }
      let hash = Math.imul(offset ^ buf[i], prime);
      let j = i + 1;
      while (j < to && cls[buf[j]] & part) hash = Math.imul(hash ^ buf[j++], prime);
      let e = this.table.find(buf, i, j, hash);
      if (e < 0) e = this.addIdentifier(buf, i, j, hash);
      this.countIds(this.idsOfEntry[e]);
      i = j;
    }
  }

  private countIds(ids: number[]): void {
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k];
      if (this.counts[id]++ === 0) {
        if (this.touchedCount === this.touched.length) this.touched = grownTo(this.touched, this.touchedCount + 1);
        this.touched[this.touchedCount++] = id;
      }
    }
    this.length += ids.length;
  }

  private addIdentifier(buf: Buffer, from: number, to: number, hash: number): number {
    if (this.table.size >= TABLE_LIMIT) {
      this.table = new IdentifierTable();
      this.idsOfEntry = [];
      this.idsOfDefinition.clear();
      this.idsOfText.clear();
    }
    const e = this.table.add(buf, from, to, hash);
    this.idsOfEntry[e] = this.idsOfString(buf.toString('latin1', from, to));
    return e;
  }

  private definitionIds(name: string): number[] {
    let ids = this.idsOfDefinition.get(name);
    if (ids) return ids;
    // Markdown headings are definitions too: any text, so the memo has its own bound.
    if (this.idsOfDefinition.size >= TABLE_LIMIT) this.idsOfDefinition.clear();
    this.idsOfDefinition.set(name, (ids = definitionTokens(name).map((t) => this.store.intern(t))));
    this.fit(ids);
    return ids;
  }

  /** The list ids of an identifier of a line read as text, memoised under the table's bound. */
  private idsOfTextIdentifier(identifier: string): number[] {
    let ids = this.idsOfText.get(identifier);
    if (ids) return ids;
    if (this.idsOfText.size >= TABLE_LIMIT) this.idsOfText.clear();
    this.idsOfText.set(identifier, (ids = this.idsOfString(identifier)));
    return ids;
  }

  private idsOfString(identifier: string): number[] {
    const ids = identifierTokens(identifier).map((t) => this.store.intern(t));
    this.fit(ids);
    return ids;
  }

  /** Grows the arrays indexed by list id to hold every id of `ids`. */
  private fit(ids: number[]): void {
    let top = 0;
    for (let k = 0; k < ids.length; k++) if (ids[k] > top) top = ids[k];
    if (top < this.counts.length) return;
    this.counts = grownTo(this.counts, top + 1);
    this.defined = grownTo(this.defined, top + 1);
  }
}

/** A copy of `a` at least `need` long (doubling), the rest zero. */
function grownTo<T extends Uint32Array | Int32Array>(a: T, need: number): T {
  const b = new (a.constructor as new (n: number) => T)(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}
