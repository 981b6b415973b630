import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readBaseUrl } from '../../../src/engine/config/base-url';

// What a newcomer types into the setup's "Base URL of the server" box.
describe('readBaseUrl: the base URL as typed', () => {
  it('keeps a full http(s) URL as it is, trimmed', () => {
    assert.deepEqual(readBaseUrl('  http://localhost:11434/v1 '), { url: 'http://localhost:11434/v1' });
    assert.deepEqual(readBaseUrl('https://llm.example.com/v1'), { url: 'https://llm.example.com/v1' });
  });

  it('adds http:// to a local address typed without a scheme, and says so', () => {
    for (const typed of ['localhost:11434/v1', '127.0.0.1:8080/v1', '192.168.1.20:1234/v1', '[::1]:8000/v1', 'gpu-box:8000', 'studio.local:1234']) {
      assert.deepEqual(readBaseUrl(typed), { url: `http://${typed}`, added: 'http://' }, typed);
    }
  });

  it('adds https:// to a public host typed without a scheme', () => {
    assert.deepEqual(readBaseUrl('api.together.xyz/v1'), { url: 'https://api.together.xyz/v1', added: 'https://' });
  });

  it('refuses what cannot be a server address, saying what to write', () => {
    for (const typed of ['', '   ', 'ftp://localhost/v1', 'http://', 'local host:11434']) {
      const r = readBaseUrl(typed);
      assert.ok('error' in r, typed);
      assert.match((r as { error: string }).error, /http:\/\/localhost:11434\/v1/);
    }
  });
});
