import type { BuiltContext, ContextChunk } from '../context/types';
import { countTokens } from '../context/tokens';
import type { ScrubbedText } from '../privacy/types';

// A /read result as the tool loop formats it: the header, then `path#La-b`, then numbered lines.
const READ_RESULT = /^🔧 TOOL RESULT — READ\n\n([^\n#]+)#L(\d+)-(\d+)\n([\s\S]*?)\n\n---$/;

/**
 * The context plus the lines that /read tool results showed the model: citations of those lines
 * are as grounded as citations of the first context, so they are checked (and listed as sources)
 * the same way. Other tool results (searches, symbols) carry no line ranges to cite.
 */
export function withToolChunks(ctx: BuiltContext, toolResults: ScrubbedText[], encoding: string): BuiltContext {
  const extra: ContextChunk[] = [];
  for (const result of toolResults) {
    const m = READ_RESULT.exec(result);
    if (!m) continue;
    const text = m[4] as ScrubbedText;
    extra.push({ path: m[1], startLine: Number(m[2]), endLine: Number(m[3]), text, score: 0, tokens: countTokens(text, encoding), origin: 'tool' });
  }
  return extra.length ? { ...ctx, chunks: [...ctx.chunks, ...extra] } : ctx;
}
