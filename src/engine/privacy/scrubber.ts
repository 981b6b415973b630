import { EarlierValues, withEchoes } from './echoes';
import { PlaceholderBook } from './placeholders';
import { findingsIn } from './findings-cache';
import { valueKey } from './titles';
import type { RedactionCounts, ScrubbedText, ScrubOutcome, Scrubber } from './types';

// The only producer of ScrubbedText. Everything bound for a model passes through `scrub`.

/**
 * Replaces one finding's text. Line breaks inside it (a PEM block) are kept after the
 * placeholder, so the scrubbed text has exactly the lines of the original and a citation
 * `path#L10-24` still points at the lines that were sent.
 */
function replacement(placeholder: string, original: string): string {
  if (!original.includes('\n')) return placeholder;
  return placeholder + (original.match(/\r?\n/g) ?? []).join('');
}

/**
 * Creates a scrubber for one query: the same secret gets the same placeholder in every chunk
 * scrubbed by this instance, and `totals()` / the counters cover all of its calls.
 */
export function createScrubber(): Scrubber {
  const book = new PlaceholderBook();
  const earlier = new EarlierValues();
  const totals: RedactionCounts = {};
  let scrubbed = 0;
  let withRedactions = 0;
  return {
    scrub(text: string): ScrubOutcome {
      scrubbed++;
      // Values found before (in this text or an earlier one of the query) are redacted wherever they occur again.
      const findings = withEchoes(text, findingsIn(text), earlier);
      if (findings.length === 0) return { text: text as ScrubbedText, redactions: {} };
      withRedactions++;
      const redactions: RedactionCounts = {};
      const parts: string[] = [];
      let at = 0;
      for (const f of findings) {
        const original = text.slice(f.start, f.end);
        const key = valueKey(f.kind, original);
        earlier.add(f.kind, key);
        parts.push(text.slice(at, f.start), replacement(book.placeholder(f.kind, key), original));
        at = f.end;
        redactions[f.kind] = (redactions[f.kind] ?? 0) + 1;
        totals[f.kind] = (totals[f.kind] ?? 0) + 1;
      }
      parts.push(text.slice(at));
      return { text: parts.join('') as ScrubbedText, redactions };
    },
    totals: () => ({ ...totals }),
    get chunksScrubbed() {
      return scrubbed;
    },
    get chunksWithRedactions() {
      return withRedactions;
    },
  };
}

/** Scrubs one text with a fresh scrubber (numbering starts at #1). For one-off use. */
export function scrubText(text: string): ScrubOutcome {
  return createScrubber().scrub(text);
}

/** Sum of the redaction counts. */
export function totalRedactions(counts: RedactionCounts): number {
  return Object.values(counts).reduce((a, b) => a + b, 0);
}

/**
 * The audit line for a query: "scrubbed N chunks (K redactions) for query <id>". Never text.
 * Given what was sent (`chunks` and the redactions inside them) it reports that; given a scrubber,
 * every text it scrubbed (whole files, of which only parts may have been sent).
 */
export function scrubAuditLine(queryId: string, sent: Scrubber | { chunks: number; redactions: RedactionCounts }): string {
  const [n, counts] = 'chunks' in sent ? [sent.chunks, sent.redactions] : [sent.chunksScrubbed, sent.totals()];
  return `scrubbed ${n} chunks (${totalRedactions(counts)} redactions) for query ${queryId}`;
}

/** Formats counts as `aws_access_key=1 email=2 (3 total)`, kinds sorted; `none (0 total)` when empty. */
export function formatRedactionCounts(counts: RedactionCounts): string {
  const kinds = Object.keys(counts).sort();
  const total = totalRedactions(counts);
  if (kinds.length === 0) return 'none (0 total)';
  return `${kinds.map((k) => `${k}=${counts[k]}`).join(' ')} (${total} total)`;
}
