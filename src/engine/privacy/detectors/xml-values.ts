import { MAX_VALUE, type Span } from './quoted-values';

// The text of an XML element named like a secret (`<password>…</password>`), for assignment-values.ts.

/** Attributes of an element that opens with content after it (not self-closing): ` encoding="base64">`. */
const ATTRIBUTE = /[ \t]{1,3}[A-Za-z][\w:-]{0,30}=(?:"[^"<>\n]{0,60}"|'[^'<>\n]{0,60}')/.source;
const XML_ATTRIBUTES = new RegExp(`^${ATTRIBUTE}(?:${ATTRIBUTE}){0,2}>`);

/**
 * Where an element's text starts, `pos` being just after its name: after `>`, or after up to three attributes and
 * `>` (FileZilla's `<Pass encoding="base64">…</Pass>`, the password base64-encoded). Undefined for anything else.
 */
export function elementStart(text: string, pos: number): number | undefined {
  if (text[pos] === '>') return pos + 1;
  const attributes = XML_ATTRIBUTES.exec(text.slice(pos, pos + 120));
  return attributes ? pos + attributes[0].length : undefined;
}

/** An XML element's text, on the same line or alone on the next lines: `<key>\n  value\n</key>`. */
export function xmlElementValue(text: string, from: number): Span | undefined {
  const window = text.slice(from, from + MAX_VALUE);
  const close = window.indexOf('</');
  if (close < 0) return undefined;
  const inner = window.slice(0, close);
  if (inner.includes('<')) return undefined;
  const lead = inner.length - inner.trimStart().length;
  const body = inner.trim();
  if (body.length === 0 || body.includes('\n')) return undefined;
  return { start: from + lead, end: from + lead + body.length };
}
