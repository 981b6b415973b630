// INTERIM: replaced by the real scrubber (issue 2). Keeps the contract so other modules build.
import type { RedactionCounts, ScrubbedText, Scrubber } from './types';

/** Creates a scrubber for one query. */
export function createScrubber(): Scrubber {
  const totals: RedactionCounts = {};
  let scrubbed = 0;
  let withRedactions = 0;
  return {
    scrub(text: string) {
      scrubbed++;
      const redactions: RedactionCounts = {};
      const out = text.replace(/[\w.+-]+@[\w-]+\.[\w.-]+/g, () => {
        redactions.email = (redactions.email ?? 0) + 1;
        totals.email = (totals.email ?? 0) + 1;
        return '[REDACTED:email]';
      });
      if (Object.keys(redactions).length) withRedactions++;
      return { text: out as ScrubbedText, redactions };
    },
    totals: () => ({ ...totals }),
    get chunksScrubbed() { return scrubbed; },
    get chunksWithRedactions() { return withRedactions; },
  };
}
