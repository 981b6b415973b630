import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { nounOnly, verbStems } from '../../../src/engine/retrieval/verb-nouns';
import { indexCorpus } from '../../support/corpus-index';

// A detector of a key format whose name says "storage key" many times, and the store that keeps the keys.
const DETECTOR = `// Azure storage account keys: the names before a storage key, the API key's format.
const STORAGE_KEY_NAME = /(?:account|storage)_?key/i;
const namedStorageKey = (text: string) => STORAGE_KEY_NAME.test(text);
export function azureStorageKey(text: string, key: string): boolean { return namedStorageKey(text) && key.length === 88; }
`;
const STORE = `/** API keys are kept in the secret store, one entry per provider. */
export class KeyStore {
  constructor(private readonly secrets: Secrets) {}
  store(provider: string, key: string) { return this.secrets.set(provider, key); }
  /** The API key stored for the provider. */
  get(provider: string) { return this.secrets.get(provider); }
}
`;
const OTHERS = {
  'src/a.ts': 'export const a = 1;\n',
  'src/b.ts': 'export function parse(x: string) { return x; }\n',
  'src/c.ts': 'export class Cache { get() {} }\n',
};

describe('verbs asked and nouns written', () => {
  it('marks the words a question writes as a past form', () => {
    assert.deepEqual([...verbStems(extractTerms('how are API keys stored?'))], ['stor']);
    assert.deepEqual([...verbStems(extractTerms('where is the key kept?'))], ['keep']);
    assert.deepEqual([...verbStems(extractTerms('what is the storage key?'))], []);
  });

  it('tells a noun naming a kind of another asked word from the verb and from the act', () => {
    const others = new Set(['api', 'key']);
    assert.equal(nounOnly('const STORAGE_KEY = 1; // the storage key', 'stor', others), true);
    assert.equal(nounOnly('namedStorageKey(); storagekey', 'stor', others), true);
    // The verb's own forms, also inside a name: the text is about storing.
    assert.equal(nounOnly('the storage key is stored', 'stor', others), false);
    assert.equal(nounOnly('new KeyStore(storage)', 'stor', others), false);
    // The noun alone, or after the other word ("key storage"): the act itself.
    assert.equal(nounOnly('keys go to secret storage', 'stor', others), false);
    assert.equal(nounOnly('header compression with HPACK', 'compress', new Set(['header'])), false);
    // Not a word of its own: `history` holds stor.
    assert.equal(nounOnly('the history key, the storage key', 'stor', others), true);
  });

  it('puts the store of keys above a detector of storage keys for "how are API keys stored?"', async () => {
    const index = await indexCorpus({ 'src/detectors/azure.ts': DETECTOR, 'src/secrets.ts': STORE, ...OTHERS }, 'grounded-verbs-');
    const paths = (await index.search(extractTerms('how are API keys stored?'), 10)).map((r) => r.path);
    assert.equal(paths[0], 'src/secrets.ts');
    // Asked with the noun, no verb: the detector, which says the words more often, comes first.
    const noun = (await index.search(extractTerms('API key storage'), 10)).map((r) => r.path);
    assert.equal(noun[0], 'src/detectors/azure.ts');
  });
});
