import { test } from 'node:test';
import assert from 'node:assert/strict';
import { main } from '../../../src/cli/main';
import { resolveSettings } from '../../../src/engine/config/settings';
import { CliOffer } from '../../../src/engine/resident/cli-offer';
import { FolderIndex } from '../../../src/engine/resident/folder-index';
import { serveFolder } from '../../../src/engine/resident/serve-socket';
import { captureIo } from '../../support/cli-io';
import { emptyOverlay } from '../../../src/engine/workspace/types';
import { copyFixture } from '../../support/fixture';

// src/server/main.ts offers VS Code's live index to the terminal through a CliOffer: here the same
// offer runs in-process against a real `grounded serve`-like server holding the folder's socket.

async function status(root: string): Promise<{ code: number; out: string }> {
  const c = captureIo(root);
  const code = await main(['serve', '--status'], c.io);
  return { code, out: c.out };
}

test("VS Code's index server takes over the terminal's questions when the grounded serve answering them stops, and not after --stop", async () => {
  const root = copyFixture('basic');
  const fail = (e: unknown) => assert.fail(String(e));
  const serveIndex = new FolderIndex(root, {}, emptyOverlay, fail);
  await serveIndex.start();
  const serving = await serveFolder({ root, settings: resolveSettings({}), folder: serveIndex, host: 'grounded serve', freshen: () => undefined, watchedFolders: () => 1 });

  const windowIndex = new FolderIndex(root, {}, emptyOverlay, fail);
  await windowIndex.start();
  const offer: CliOffer = new CliOffer(
    () => serveFolder({
      root, settings: resolveSettings({}), folder: windowIndex, host: 'VS Code', freshen: () => undefined, watchedFolders: () => 1,
      onShutdown: () => void offer.close(),
    }),
    fail,
    20,
  );
  try {
    assert.equal(await offer.served, undefined);
    assert.match((await status(root)).out, /^a server answers for /);
    // Looked at again while the other answers, without taking its place.
    for (let i = 0; i < 1500 && offer.attempts < 3; i++) await new Promise((r) => setTimeout(r, 20));
    assert.ok(offer.attempts >= 3);
    assert.match((await status(root)).out, /^a server answers for /);

    await serving.close();
    for (let i = 0; i < 1500 && !(await offer.served); i++) await new Promise((r) => setTimeout(r, 20));
    assert.ok(await offer.served, 'the window never took over');
    assert.match((await status(root)).out, /^VS Code's index server answers for /);
    const q = captureIo(root);
    assert.equal(await main(['query', 'how are API keys stored?', '--no-llm', '--json'], q.io), 0);
    assert.equal(JSON.parse(q.out).chunks[0].path, 'src/auth/keyStore.ts');

    // grounded serve --stop: the window stops answering the terminal for good.
    assert.equal(await main(['serve', '--stop'], captureIo(root).io), 0);
    const attempts = offer.attempts;
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(offer.attempts, attempts);
    assert.equal((await status(root)).code, 1);
  } finally {
    await offer.close();
    await serving.close();
    await Promise.all([serveIndex.close(), windowIndex.close()]);
  }
});
