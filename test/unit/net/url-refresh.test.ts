import path from 'node:path';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { main } from '../../../src/cli/main';
import type { FetchedPage } from '../../../src/engine/net/fetch-url';
import { UrlCache } from '../../../src/engine/net/url-cache';
import { copyFixture } from '../../support/fixture';
import { captureStreams as capture } from '../../support/cli-io';

const page = (url: string, text: string): FetchedPage => ({
  url,
  finalUrl: url,
  status: 200,
  contentType: 'text/plain',
  text,
  bytes: text.length,
  truncated: false,
  notModified: false,
});

describe('URL cache invalidation (seed 002: manual)', () => {
  it('UrlCache.clear forgets every page and counts them', async () => {
    const root = copyFixture();
    const cache = new UrlCache(path.join(root, '.agent', 'state', 'url-cache'));
    assert.equal(await cache.clear(), 0, 'no cache folder yet is no error');
    await cache.put('https://a.public.test/', page('https://a.public.test/', 'a'));
    await cache.put('https://b.public.test/', page('https://b.public.test/', 'b'));
    assert.equal(await cache.clear(), 2);
    assert.equal(await cache.get('https://a.public.test/'), undefined);
  });

  it('grounded query --refresh-urls fetches again instead of answering from the cache', async () => {
    const root = copyFixture();
    // A page cached earlier. Fetching it now would be refused by the SSRF rules before any
    // connection, so whether the cache was used shows without touching a network.
    const url = 'http://10.0.0.7/retry-notes';
    await new UrlCache(path.join(root, '.agent', 'state', 'url-cache')).put(url, page(url, 'Cached note: retry three times.'));
    const cached = capture(root);
    assert.equal(await main(['query', `@url:${url} what does the note say about retries?`, '--no-llm'], cached.io), 0);
    assert.match(cached.out.stdout, /Cached note: retry three times\./);
    assert.match(cached.out.stdout, /Page http:\/\/10\.0\.0\.7\/retry-notes: \d+ bytes \(cached\)/);
    const refreshed = capture(root);
    assert.equal(await main(['query', `@url:${url} what does the note say about retries?`, '--no-llm', '--refresh-urls'], refreshed.io), 0);
    assert.doesNotMatch(refreshed.out.stdout, /Cached note/);
    assert.match(refreshed.out.stdout, /Not attached: @url:http:\/\/10\.0\.0\.7\/retry-notes — /);
    const help = capture(root);
    await main(['query', '--help'], help.io);
    assert.match(help.out.stdout, /--refresh-urls +fetch every @url again/);
  });
});
