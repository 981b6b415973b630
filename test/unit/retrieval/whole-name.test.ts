import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { nameWhollyOf } from '../../../src/engine/retrieval/path-tokens';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { indexCorpus } from '../../support/corpus-index';

// The module that decides, whose text never says SSRF, and the fetcher that imports it and names its refusal.
const CHECK = `/** Whether a URL may be fetched: not when its host resolves to a private or loopback address. */
export async function checkUrl(host: string, resolve: Resolver): Promise<Decision> {
  const addresses = await resolve(host);
  const blocked = addresses.find((a) => isPrivate(a) || isLoopback(a));
  return blocked ? { allowed: false, reason: host + ' resolves to ' + blocked } : { allowed: true, reason: 'public' };
}
`;
const FETCH = (module: string) => `import { checkUrl } from './${module}';
/** Fetches a public URL: every hop is checked by the SSRF rules before it is requested. */
export async function fetchUrl(url: string): Promise<string> {
  const decision = await checkUrl(url, systemResolver);
  if (!decision.allowed) throw new FetchError('ssrf_blocked', decision.reason);
  // The SSRF check runs again for each redirect's URL: a redirect to a private URL fails the check as SSRF.
  return (await fetch(url, { redirect: 'manual' })).text();
}
`;
// Enough other files for SSRF to be a rare word (in under 2 % of the chunks).
const OTHERS = Object.fromEntries(
  Array.from({ length: 150 }, (_, i) => [`src/util/part${i}.ts`, `export function part${i}(value: number) { return value + ${i}; }\n`]),
);

describe('a file named wholly by the question', () => {
  it('needs every word of the name asked for, and one of them rare', () => {
    const asked = new Set(['ssrf', 'check', 'url']);
    const rare = (w: string) => w === 'ssrf';
    assert.equal(nameWhollyOf('src/net/ssrf.ts', asked, rare), true);
    assert.equal(nameWhollyOf('src/net/fetch-url.ts', asked, rare), false);
    assert.equal(nameWhollyOf('src/cli/check-url.ts', asked, rare), false);
    assert.equal(nameWhollyOf('src/net/ssrf-rules.ts', asked, rare), false);
    assert.equal(nameWhollyOf('src/net/ssrf.test.ts', asked, rare), true);
  });

  it('puts ssrf.ts before the fetcher that says SSRF in its text, where a name with another word does not', async () => {
    const question = extractTerms('where is the SSRF check for URLs?');
    const whole = await indexCorpus({ 'src/net/ssrf.ts': CHECK, 'src/net/fetch-url.ts': FETCH('ssrf'), ...OTHERS }, 'grounded-whole-');
    assert.equal((await whole.search(question, 5))[0].path, 'src/net/ssrf.ts');
    const longer = await indexCorpus({ 'src/net/ssrf-rules.ts': CHECK, 'src/net/fetch-url.ts': FETCH('ssrf-rules'), ...OTHERS }, 'grounded-whole-');
    assert.equal((await longer.search(question, 5))[0].path, 'src/net/fetch-url.ts');
  });
});
