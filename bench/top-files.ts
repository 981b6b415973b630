// Prints the files of the top chunks for questions over DIR: a look at what ranks where.
// Usage: node --import tsx bench/top-files.ts DIR "question" ["question"...]
import path from 'node:path';
import { WorkspaceIndex } from '../src/engine/retrieval/index';
import { extractTerms } from '../src/engine/retrieval/terms';

async function main(): Promise<void> {
  const [dir, ...questions] = process.argv.slice(2);
  const index = new WorkspaceIndex({ root: path.resolve(dir) });
  await index.refresh();
  for (const q of questions) {
    console.log(`${q}  [${extractTerms(q).map((t) => `${t.kind}:${t.text}`).join(' ')}]`);
    for (const c of await index.search(extractTerms(q), Number(process.env.TOP ?? 8))) console.log(`  ${c.score.toFixed(2).padStart(7)}  ${c.path}#L${c.startLine}-${c.endLine}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
