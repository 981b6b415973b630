import MarkdownIt from 'markdown-it';
import { splitCitations } from '../../engine/ask/citations';
import type { BuiltContext } from '../../engine/context/types';

// No raw HTML, no links or images: a model's or a file's text can never inject markup or lure a click.
const md = new MarkdownIt({ html: false, linkify: false, typographer: false }).disable(['link', 'image', 'autolink']);

const escapeAttr = (s: string) => s.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);

/**
 * Renders an answer's Markdown to safe HTML and turns citations into chips: verified ones are
 * buttons that open the cited lines, unverified ones are visibly marked and not clickable.
 */
export function renderAnswerHtml(markdown: string, ctx: BuiltContext | undefined): string {
  const html = md.render(markdown);
  if (!ctx) return html;
  // Citations only contain [\w.@/-#], so they survive HTML escaping unchanged and never span a tag.
  return html.replace(/[^<>]+(?=<|$)/g, (text) => splitCitations(text, ctx).map((seg) => {
    if ('text' in seg) return seg.text;
    const c = seg.citation;
    if (!seg.verified) return `<span class="cite unverified" title="This citation does not match the code that was sent">${seg.raw} ⚠️ unverified</span>`;
    return `<button class="cite" data-path="${escapeAttr(c.path)}" data-start="${c.startLine}" data-end="${c.endLine}" title="Open ${escapeAttr(seg.raw)}">${seg.raw}</button>`;
  }).join(''));
}
