import path from 'node:path';
import type { DocumentOverlay } from '../workspace/types';
import type { SearchOptions } from './chunk-source';
import { ChunkTexts } from './chunk-texts';
import { sourcesAfterHeaders } from './header-source';
import { demoteByText } from './declaration-only';
import type { IndexData } from './index-data';
import { findMembers } from './member-boost';
import { findPhrases } from './phrases';
import { rankChunks, type RankedChunk } from './rank';
import { readForIndex } from './read-batch';
import { findWritten } from './setting-match';
import type { SearchTerm } from './terms';

/** Where an index's files are and what it knows of the project, for the checks a search makes in their text. */
export interface SearchPlace {
  root: string;
  overlay: DocumentOverlay;
  maxFileBytes: number;
  /** The project's own names (overview.ts). */
  project: Set<string>;
}

/**
 * The best chunks of `data` for the terms, best first, at most `limit`: ranked from the postings,
 * with phrases, members, settings written, verbs and declarations checked in the files' text.
 */
export async function searchIndex(data: IndexData, place: SearchPlace, terms: SearchTerm[], limit: number, opts: SearchOptions): Promise<RankedChunk[]> {
  const phrases = terms.filter((t) => t.kind === 'phrase').map((t) => t.text);
  const texts = new ChunkTexts(data, (rel) => readIndexed(data, place, rel));
  const members = await findMembers(texts, terms);
  const adjacent = phrases.length > 0 ? await findPhrases(texts, phrases) : undefined;
  const written = await findWritten(texts, terms);
  const phraseCheck = adjacent && ((phrase: string, id: number) => adjacent.get(phrase)?.has(id) ?? false);
  const ranked = await demoteByText(texts, terms, limit, (n) => rankChunks(data, terms, n, phraseCheck, place.project, members, opts.within, written));
  return sourcesAfterHeaders(ranked);
}

/** An indexed file's text as indexed (the open editor's if any), read as indexing reads: a phrase's candidates span hundreds of files. */
async function readIndexed(data: IndexData, place: SearchPlace, rel: string): Promise<string | undefined> {
  if (!data.file(rel)) return undefined;
  const read = readForIndex(path.join(place.root, ...rel.split('/')), place.overlay, place.maxFileBytes);
  return read.ok ? read.text : undefined;
}
