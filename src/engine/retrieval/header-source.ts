/** What the reordering reads of a ranked chunk (rank.ts's RankedChunk; not imported: rank.ts imports this file). */
interface Ranked {
  path: string;
  score: number;
}

const HEADER = /\.(h|hh|hpp|hxx)$/;
const SOURCE = /\.(c|cc|cpp|cxx|m|mm)$/;

const stemOf = (rel: string) => rel.slice(0, rel.lastIndexOf('.'));

/**
 * A C or C++ header and the source file beside it (`db/log_reader.h`, `db/log_reader.cc`) are one module: the header's
 * comments say what it does in the question's words, the source how, in code's. Where both are in the answer, the source
 * comes right after the header however far below it scored (leveldb's `log_reader.cc` was 7th behind the header, first, for
 * "how is a corrupted log record detected when reading?"). Only within the answer (`ranked`, best first): a source that did
 * not make it is not pulled in. The source moved takes a score between the header's and the next one's, so that merging
 * answers by score (several workspace folders) keeps the order.
 */
export function sourcesAfterHeaders<T extends Ranked>(ranked: T[]): T[] {
  if (!ranked.some((r) => HEADER.test(r.path))) return ranked;
  const out: T[] = [];
  const placed = new Set<T>();
  ranked.forEach((r, i) => {
    if (placed.has(r)) return;
    out.push(r);
    placed.add(r);
    if (!HEADER.test(r.path)) return;
    const source = ranked.find((s) => !placed.has(s) && SOURCE.test(s.path) && stemOf(s.path) === stemOf(r.path));
    if (!source) return;
    placed.add(source);
    const next = ranked.slice(i + 1).find((s) => !placed.has(s) || s === source);
    out.push(next === source ? source : { ...source, score: (r.score + (next?.score ?? source.score)) / 2 });
  });
  return out;
}
