import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import type { GroundedApi } from '../../../src/vscode/extension';
import { UrlCache } from '../../../src/engine/net/url-cache';

// "Grounded: Clear URL Cache" forgets the pages fetched for @url mentions (seed 002's manual invalidation).
describe('Grounded: Clear URL Cache', function () {
  this.timeout(60_000);

  it('forgets every cached page and says how many', async () => {
    const api = await vscode.extensions.getExtension<GroundedApi>('grounded-dev.grounded')!.activate();
    const cache = new UrlCache(api.services.urlCacheDir);
    await cache.clear();
    const page = {
      url: 'https://docs.public.test/retry',
      finalUrl: 'https://docs.public.test/retry',
      status: 200,
      contentType: 'text/plain',
      text: 'Retry twice.',
      bytes: 12,
      truncated: false,
      notModified: false,
    };
    await cache.put('https://docs.public.test/retry', page);
    await cache.put('https://docs.public.test/backoff', { ...page, finalUrl: 'https://docs.public.test/backoff' });
    assert.ok(await cache.get('https://docs.public.test/retry'));
    const cleared = await vscode.commands.executeCommand<number>('grounded.clearUrlCache');
    assert.equal(cleared, 2);
    assert.equal(await cache.get('https://docs.public.test/retry'), undefined);
    assert.equal(await vscode.commands.executeCommand<number>('grounded.clearUrlCache'), 0);
  });
});
