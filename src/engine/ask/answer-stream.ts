import { segmentsOf, type AnswerSegment, type SeenLines } from './citations';

/**
 * Turns an answer streamed in deltas into checked segments, once, for every surface. Text is held
 * back only to the last whitespace, because a citation can arrive split across deltas and never
 * contains whitespace. What the model saw grows while it answers (lines read by tools), so each
 * citation is checked against what it had seen when it was written.
 */
export class AnswerStream {
  readonly segments: AnswerSegment[] = [];
  private pending = '';
  private readonly seen: SeenLines[];

  constructor(seen: readonly SeenLines[], private readonly emit: (segment: AnswerSegment) => void = () => undefined) {
    this.seen = [...seen];
  }

  /** Adds lines the model was shown (a tool's result); later citations of them are verified. */
  see(lines: SeenLines): void {
    this.seen.push(lines);
  }

  /** Adds a delta of the model's text; emits every segment it completes. */
  push(delta: string): void {
    this.pending += delta;
    const cut = this.pending.search(/\s\S*$/);
    if (cut < 0) return;
    this.write(this.pending.slice(0, cut + 1));
    this.pending = this.pending.slice(cut + 1);
  }

  /** A message from Grounded itself (a mention that could not be used, a fallback's reason). */
  notice(text: string, warning = false): void {
    this.flush();
    this.add(warning ? { kind: 'notice', text, warning } : { kind: 'notice', text });
  }

  /** Emits the held text (at the end of the answer, or before an error is shown). */
  flush(): void {
    if (this.pending) this.write(this.pending);
    this.pending = '';
  }

  private write(text: string): void {
    for (const s of segmentsOf(text, this.seen)) this.add(s);
  }

  private add(segment: AnswerSegment): void {
    this.segments.push(segment);
    this.emit(segment);
  }
}
