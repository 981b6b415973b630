import type { PackedChunks } from './chunk-table';
import type { PackedIndex } from './index-data';

/**
 * Joins indexes built apart (one per worker, over disjoint files) into one, as if one index had
 * read the files in shard order: shard k's chunk ids move past the chunks of shards 0..k-1, and each
 * token's posting lists are concatenated in that order, so every list stays sorted by chunk id.
 * The work is a copy of the arrays plus one map entry per distinct token per shard.
 */
export function mergePacked(shards: readonly PackedIndex[]): PackedIndex {
  if (shards.length === 1) return shards[0];
  const chunkBase: number[] = [];
  let chunkTotal = 0;
  for (const s of shards) {
    chunkBase.push(chunkTotal);
    chunkTotal += s.chunks.file.length;
  }
  const files: PackedIndex['files'] = [];
  shards.forEach((s, k) => {
    for (const [rel, rec] of s.files) {
      files.push([rel, rec.count > 0 ? { ...rec, first: rec.first + chunkBase[k] } : rec]);
    }
  });
  return { files, chunks: mergeChunks(shards.map((s) => s.chunks), chunkTotal), postings: mergePostings(shards, chunkBase) };
}

function mergeChunks(parts: readonly PackedChunks[], total: number): PackedChunks {
  const out: PackedChunks = {
    paths: [],
    file: new Uint32Array(total),
    start: new Uint32Array(total),
    end: new Uint32Array(total),
    length: new Uint32Array(total),
  };
  let at = 0;
  for (const p of parts) {
    const pathBase = out.paths.length;
    for (const name of p.paths) out.paths.push(name); // a spread of 100 K names overflows the call stack
    for (let i = 0; i < p.file.length; i++) out.file[at + i] = p.file[i] + pathBase;
    out.start.set(p.start, at);
    out.end.set(p.end, at);
    out.length.set(p.length, at);
    at += p.file.length;
  }
  return out;
}

function mergePostings(shards: readonly PackedIndex[], chunkBase: readonly number[]): PackedIndex['postings'] {
  // token → its lists, as [shard, token index in that shard] pairs in shard order.
  const where = new Map<string, number[]>();
  shards.forEach((s, k) => s.postings.tokens.forEach((t, i) => {
    const at = where.get(t);
    if (at) at.push(k, i);
    else where.set(t, [k, i]);
  }));
  const tokens = [...where.keys()];
  const offsets = new Uint32Array(tokens.length + 1);
  let total = 0;
  tokens.forEach((t, n) => {
    offsets[n] = total;
    const at = where.get(t)!;
    for (let j = 0; j < at.length; j += 2) {
      const o = shards[at[j]].postings.offsets;
      total += o[at[j + 1] + 1] - o[at[j + 1]];
    }
  });
  offsets[tokens.length] = total;
  const data = new Uint32Array(total);
  tokens.forEach((t, n) => {
    let w = offsets[n];
    const at = where.get(t)!;
    for (let j = 0; j < at.length; j += 2) {
      const { offsets: o, data: d } = shards[at[j]].postings;
      const base = chunkBase[at[j]];
      // Pairs of (chunk id, tf | flags): only the ids move.
      for (let r = o[at[j + 1]]; r < o[at[j + 1] + 1]; r += 2) {
        data[w++] = d[r] + base;
        data[w++] = d[r + 1];
      }
    }
  });
  return { tokens, offsets, data };
}
