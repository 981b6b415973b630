import type { BuiltContext } from '../context/types';
import { markUnverified } from './citations';

/**
 * Passes a streamed answer on one completed line at a time, with unverified citations marked, so
 * a surface that prints as it goes never shows a made-up citation as real. Text is held until its
 * line ends because a citation can arrive split across deltas; a citation never spans lines, so
 * marking line by line gives exactly what marking the whole answer would.
 */
export class CitationLineStream {
  private pending = '';

  constructor(private readonly ctx: BuiltContext, private readonly write: (text: string) => void) {}

  /** Adds a delta; writes every line it completes. */
  push(delta: string): void {
    this.pending += delta;
    const end = this.pending.lastIndexOf('\n');
    if (end < 0) return;
    this.write(markUnverified(this.pending.slice(0, end + 1), this.ctx));
    this.pending = this.pending.slice(end + 1);
  }

  /** Writes the last, unfinished line (at the end of the answer, or before an error is shown). */
  flush(): void {
    if (!this.pending) return;
    this.write(markUnverified(this.pending, this.ctx));
    this.pending = '';
  }
}
