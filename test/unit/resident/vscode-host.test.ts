import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { main } from '../../../src/cli/main';
import { resolveSettings } from '../../../src/engine/config/settings';
import { FolderIndex } from '../../../src/engine/resident/folder-index';
import { serveFolder, type ServedSocket } from '../../../src/engine/resident/serve-socket';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { captureIo } from '../../support/cli-io';
import { copyFixture } from '../../support/fixture';

// VS Code's index server offers its live index to the CLI run in a terminal, as `grounded serve`
// does (src/server/main.ts calls serveFolder with host 'VS Code'): here the same FolderIndex and
// serveFolder run in-process, with an editor's unsaved text in the overlay as document sync gives it.

const capture = captureIo;

test("VS Code's index server answers grounded query (unsaved editor text included), says who it is, and --stop only ends the CLI's socket", async () => {
  const root = copyFixture('basic');
  const notes = path.join(root, 'src', 'notes.ts');
  // Typed in an editor, not saved: only a server holding the editor's text can find it.
  const unsaved = new Map([[notes, 'export function quokkaLedgerBalance() { return 3; }\n']]);
  const overlay = { get: (p: string) => unsaved.get(p), openPaths: () => [...unsaved.keys()] };
  const folder = new FolderIndex(root, {}, overlay, (e) => assert.fail(String(e)));
  await folder.start();
  let answered = 0;
  let shutdowns = 0;
  // As src/server/main.ts does: --stop closes the socket, the index stays.
  const served: ServedSocket = await serveFolder({
    root, settings: resolveSettings({}), folder, host: 'VS Code', freshen: () => undefined, watchedFolders: () => 1,
    onAnswered: () => answered++,
    onShutdown: () => {
      shutdowns++;
      void served.close();
    },
  });
  try {
    const q = capture(root);
    assert.equal(await main(['query', 'where is quokkaLedgerBalance?', '--no-llm', '--json'], q.io), 0);
    assert.equal(answered, 1);
    assert.equal(JSON.parse(q.out).chunks[0].path, 'src/notes.ts');

    const status = capture(root);
    assert.equal(await main(['serve', '--status'], status.io), 0);
    assert.match(status.out, new RegExp(`^VS Code's index server answers for .* \\(the folder is open there\\): pid ${process.pid}, \\d+ files\\n$`));
    const json = capture(root);
    assert.equal(await main(['serve', '--status', '--json'], json.io), 0);
    assert.equal(JSON.parse(json.out).host, 'VS Code');

    // A `grounded serve` of its own is not started, and says which server answers already.
    const second = capture(root);
    assert.equal(await main(['serve'], second.io), 1);
    assert.match(second.err, /already answers for .*\ngrounded serve: VS Code's index server answers for/);

    // Settings that differ from VS Code's: the CLI answers by itself, and does not tell the user to restart a server.
    mkdirSync(path.join(root, '.agent', 'etc'), { recursive: true });
    writeFileSync(path.join(root, '.agent', 'etc', 'query.yaml'), 'excluded_folders: [docs]\n');
    const other = capture(root);
    assert.equal(await main(['query', 'how are API keys stored?', '--no-llm', '--json'], other.io), 0);
    assert.equal(answered, 1);
    assert.doesNotMatch(other.err, /note:|Restart/);

    const stop = capture(root);
    assert.equal(await main(['serve', '--stop'], stop.io), 0);
    assert.equal(shutdowns, 1);
    assert.match(stop.out, /^VS Code's index server \(pid \d+\) no longer answers the CLI for .*; it goes on indexing for VS Code\n$/);
  } finally {
    await served.close();
  }
  assert.equal(await main(['serve', '--status'], capture(root).io), 1);
  // The index goes on serving its own process (VS Code's questions).
  assert.equal((await folder.search(extractTerms('quokkaLedgerBalance'), 3)).chunks[0]?.path, 'src/notes.ts');
  await folder.close();
});
