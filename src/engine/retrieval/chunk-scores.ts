/**
 * One question's scores by chunk id, and which of its terms each chunk matched (a bit per term), in
 * typed arrays kept from one question to the next. A common word scores tens of thousands of chunks:
 * a Map entry and a Set of term keys each were most of a question's garbage.
 */
export class ChunkScores {
  /** The ids scored, in the order they were first scored. */
  readonly ids: number[] = [];
  private readonly words: number;
  private readonly score: Float64Array;
  private readonly terms: Uint32Array;
  private readonly scored: Uint8Array;
  /**
   * Scratch for one term's sum and token hits per chunk (rank.ts): kept with the rest, and left at
   * zeros by its user after each term.
   */
  readonly termSum: Float64Array;
  readonly termHits: Uint16Array;

  /** Scores for chunk ids below `idLimit` and a question of `termCount` terms. Call `release` when done. */
  constructor(idLimit: number, termCount: number) {
    this.words = Math.max(1, Math.ceil(termCount / 32));
    ({ score: this.score, terms: this.terms, scored: this.scored, termSum: this.termSum, termHits: this.termHits } = buffers(idLimit, this.words));
  }

  has(id: number): boolean {
    return this.scored[id] === 1;
  }

  get(id: number): number {
    return this.score[id];
  }

  /** Adds `s` to chunk `id`'s score and marks term `term` (its index in the question) matched. */
  add(id: number, s: number, term: number): void {
    if (this.scored[id] === 0) {
      this.scored[id] = 1;
      this.ids.push(id);
    }
    this.score[id] += s;
    this.terms[id * this.words + (term >>> 5)] |= 1 << (term & 31);
  }

  /** How many of the terms `counted` says count a chunk matched. */
  covered(id: number, counted: (term: number) => boolean): number {
    let n = 0;
    this.forEachTerm(id, (t) => {
      if (counted(t)) n++;
    });
    return n;
  }

  forEachTerm(id: number, f: (term: number) => void): void {
    for (let w = 0; w < this.words; w++) {
      for (let bits = this.terms[id * this.words + w]; bits !== 0; bits &= bits - 1) f(w * 32 + (31 - Math.clz32(bits & -bits)));
    }
  }

  /**
   * Clears what this question wrote, so the next one starts from zeros without allocating. A ranking
   * that stopped half-way (`finished` false) may have left scratch unzeroed: its arrays are dropped.
   */
  release(finished: boolean): void {
    const mine = kept !== undefined && this.score === kept.score;
    if (mine) inUse = false;
    if (!finished) {
      if (mine) kept = undefined;
      return;
    }
    for (const id of this.ids) {
      this.score[id] = 0;
      this.scored[id] = 0;
      this.terms.fill(0, id * this.words, (id + 1) * this.words);
    }
    this.ids.length = 0;
  }
}

interface Buffers {
  score: Float64Array;
  terms: Uint32Array;
  scored: Uint8Array;
  termSum: Float64Array;
  termHits: Uint16Array;
}

let kept: Buffers | undefined;
let inUse = false;

/** The kept arrays when they are large enough and free, else new ones (kept for next time when larger). */
function buffers(idLimit: number, words: number): Buffers {
  // All zeros when free, so a question of another number of terms (another stride) can use them too.
  if (kept && !inUse && kept.score.length >= idLimit && kept.terms.length >= idLimit * words) {
    inUse = true;
    return kept;
  }
  const fresh = {
    score: new Float64Array(idLimit),
    terms: new Uint32Array(idLimit * words),
    scored: new Uint8Array(idLimit),
    termSum: new Float64Array(idLimit),
    termHits: new Uint16Array(idLimit),
  };
  if (!inUse) {
    kept = fresh;
    inUse = true;
  }
  return fresh;
}
