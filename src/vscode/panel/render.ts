import MarkdownIt from 'markdown-it';
import type { AnswerSegment } from '../../engine/ask/citations';
import type { Citation } from '../../engine/ask/types';
import { codeBlockHtml } from './highlight';

// No raw HTML, no links or images: a model's or a file's text can never inject markup or lure a click.
// Fenced code is highlighted (theme colours come from the stylesheet) and gets a Copy button.
const md = new MarkdownIt({ html: false, linkify: false, typographer: false, highlight: codeBlockHtml }).disable(['link', 'image', 'autolink']);

/** Markdown from a model (a plan's explanation) as safe HTML: no raw HTML, links or images. */
export function safeMarkdownHtml(text: string): string {
  return md.render(text);
}

const escapeAttr = (s: string) => s.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);

// A citation stands in the Markdown as a private-use placeholder, which markdown-it passes through
// untouched, and becomes a chip after rendering: the engine's verdict is used, never re-checked.
const PLACEHOLDER = /\uE000(\d+)\uE001/g;
const FENCE = /^ {0,3}(`{3,}|~{3,})/gm;

function chip(c: Citation): string {
  // One badge, in text (an emoji renders as a box in some fonts), with the reason as its tooltip.
  if (!c.verified)
    return (`<span class="cite unverified" title="This citation does not match the code that was sent to the model">${c.raw} <span ` +
      `class="badge-unverified">unverified</span></span>`);
  const title = c.narrowedFrom
    ? `Open lines ${c.startLine}–${c.endLine}: the part of ${c.raw} that was sent to the model`
    : `Open ${c.raw}`;
  return (`<button class="cite" data-path="${escapeAttr(c.path)}" data-start="${c.startLine}" data-end="${c.endLine}" ` +
    `title="${escapeAttr(title)}"><span>${c.raw}</span></button>`);
}

/**
 * Renders an answer's segments to safe HTML as they arrive, with citations as chips (verified: a
 * button that opens the lines; unverified: marked, once, and not clickable). Finished paragraphs
 * (up to a blank line outside a code fence) are rendered once and kept; only the paragraph still
 * being written is rendered again, so the work per segment does not grow with the answer.
 */
export class PanelAnswerRenderer {
  private doneHtml = '';
  private open = '';
  private openHtml = '';
  private readonly cites: Citation[] = [];
  /** Characters handed to the Markdown renderer so far (what the incremental rendering saves). */
  renderedChars = 0;

  get html(): string {
    return this.doneHtml + this.openHtml;
  }

  add(segment: AnswerSegment): void {
    if (segment.kind === 'notice') return this.addNotice(segment.text, segment.warning);
    if (segment.kind === 'citation') this.open += `\uE000${this.cites.push(segment.citation) - 1}\uE001`;
    else this.open += segment.text;
    const cut = this.blockEnd();
    if (cut > 0) {
      this.doneHtml += this.render(this.open.slice(0, cut));
      this.open = this.open.slice(cut);
    }
    this.openHtml = this.render(this.open);
  }

  /**
   * A notice is Grounded's own words, not the answer's: it gets a box of its own (a warning box
   * when a mention was left out, so it is not read past as the first line of the answer).
   */
  private addNotice(text: string, warning?: boolean): void {
    this.doneHtml += `${this.render(this.open)}<div class="notice${warning ? ' warning' : ''}">${this.render(text)}</div>`;
    this.open = '';
    this.openHtml = '';
  }

  /** Where the last finished block of `open` ends (after a blank line outside a fence); 0 for none. */
  private blockEnd(): number {
    for (let at = this.open.lastIndexOf('\n\n'); at > 0; at = this.open.lastIndexOf('\n\n', at - 1)) {
      if ((this.open.slice(0, at).match(FENCE)?.length ?? 0) % 2 === 0) return at + 2;
    }
    return 0;
  }

  private render(markdown: string): string {
    if (!markdown) return '';
    this.renderedChars += markdown.length;
    return md.render(markdown).replace(PLACEHOLDER, (_m, i: string) => chip(this.cites[Number(i)]));
  }
}

/** Renders a whole answer at once (a finished turn). */
export function renderAnswerHtml(segments: readonly AnswerSegment[]): string {
  const r = new PanelAnswerRenderer();
  for (const s of segments) r.add(s);
  return r.html;
}
