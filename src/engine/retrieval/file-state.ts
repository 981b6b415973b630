import { createHash } from 'node:crypto';
import type { SkippedFile } from '../workspace/types';

/** A file found unreadable or binary when read, remembered so an unchanged one is not read again. */
export interface Rejected {
  size: number;
  mtimeMs: number;
  skip: SkippedFile;
}

/** The hash the index compares texts by (not a security boundary: only "did this text change"). */
export function textHash(text: string): string {
  return createHash('sha1').update(text).digest('base64');
}
