import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { WorkspaceIndex } from '../../src/engine/retrieval/index';
import { extractTerms } from '../../src/engine/retrieval/terms';

const roots: string[] = [];
after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

/** A workspace of `files` (relative path → text) in a temporary folder, indexed; removed after the test file. */
export async function indexCorpus(files: Record<string, string>, prefix = 'grounded-corpus-'): Promise<WorkspaceIndex> {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  roots.push(root);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  const index = new WorkspaceIndex({ root });
  await index.refresh();
  return index;
}

/** The path of the chunk the index ranks first for `question`. */
export async function topPath(index: WorkspaceIndex, question: string): Promise<string> {
  return (await index.search(extractTerms(question), 5))[0].path;
}
