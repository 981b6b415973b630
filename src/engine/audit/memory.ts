import type { AuditStore } from './store';

export interface MemoryHit {
  id: number;
  conversationId: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: number;
  /** How many of the query's terms the message contains. */
  matchedTerms: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Lower-case search terms of at least 2 characters, deduplicated, at most 8. */
export function memoryTerms(query: string): string[] {
  return [...new Set(query.toLowerCase().split(/[^\p{L}\p{N}_]+/u).filter((t) => t.length >= 2))].slice(0, 8);
}

/**
 * Finds past user and assistant messages containing the query's terms (case-insensitive LIKE;
 * this sql.js build has no FTS5). Ranked by terms matched, then newest first. Tool results are
 * never searched.
 */
export function searchMemory(store: AuditStore, query: string, opts: { limit?: number; conversationId?: string } = {}): MemoryHit[] {
  const terms = memoryTerms(query);
  if (terms.length === 0) return [];
  const score = terms.map(() => "(CASE WHEN lower(content) LIKE ? ESCAPE '\\' THEN 1 ELSE 0 END)").join(' + ');
  const likes = terms.map((t) => `%${escapeLike(t)}%`);
  const rows = store.query(
    `SELECT id, conversation_id, role, content, created_at, (${score}) AS matched FROM messages
     WHERE role IN ('user', 'assistant') AND (? IS NULL OR conversation_id = ?) AND (${score}) > 0
     ORDER BY matched DESC, created_at DESC, id DESC LIMIT ?`,
    [...likes, opts.conversationId ?? null, opts.conversationId ?? null, ...likes, opts.limit ?? 10],
  );
  return rows.map((r) => ({
    id: Number(r.id), conversationId: String(r.conversation_id), role: r.role as 'user' | 'assistant',
    content: String(r.content), createdAt: Number(r.created_at), matchedTerms: Number(r.matched),
  }));
}

/** Text of the hits for a tool result: date, role, and the message (shortened). */
export function formatMemoryHits(hits: MemoryHit[], maxChars = 400): string {
  if (hits.length === 0) return 'No matching past messages';
  return hits
    .map(
      (h) =>
        (`[${new Date(h.createdAt).toISOString()}] ${h.role} (conversation ${h.conversationId}): ` +
          `${h.content.length > maxChars ? `${h.content.slice(0, maxChars)}…` : h.content}`),
    )
    .join('\n');
}
