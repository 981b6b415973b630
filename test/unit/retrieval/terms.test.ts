import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { extractTerms, splitIdentifier, stem } from '../../../src/engine/retrieval/terms';
import { chunkText, definedName } from '../../../src/engine/retrieval/chunks';

const texts = (q: string) => extractTerms(q).map((t) => `${t.kind}:${t.text}`);

describe('extractTerms', () => {
  it('drops stop words and stems ordinary words', () => {
    assert.deepEqual(texts('how are API keys stored?'), ['word:api', 'word:key', 'word:stor', 'pair:apikey']);
  });

  it('keeps identifiers whole and split into parts', () => {
    assert.deepEqual(texts('where is parseRetryAfter'), ['identifier:parseretryafter', 'part:pars', 'part:retri', 'part:after']);
    assert.deepEqual(texts('max_retries'), ['identifier:maxretries', 'part:max', 'part:retri']);
    assert.deepEqual(texts('the fetch-with-retry helper'), ['identifier:fetchwithretry', 'part:fetch', 'part:retri', 'word:helper']);
  });

  it('keeps quoted phrases and paths as written', () => {
    const terms = texts('what calls "exponential backoff" in src/http/client.ts');
    assert.ok(terms.includes('phrase:exponential backoff'));
    assert.ok(terms.includes('path:src/http/client.ts'));
    assert.ok(terms.includes('part:client'));
  });

  it('joins two words in a row as code would name them, unless a verb or a stop word comes between', () => {
    assert.deepEqual(texts('where is the code frame printed?'), ['word:fram', 'word:print', 'pair:codeframe']);
    assert.ok(texts('how are template literals compiled?').includes('pair:templateliteral'), 'the last word loses its plural');
    assert.ok(texts('how does use state work').includes('pair:usestate'), 'generic words may start a name');
    assert.ok(!texts('where are errors thrown?').some((t) => t.startsWith('pair:')), 'a verb after a noun joins into no name');
    assert.ok(!texts('source, maps').some((t) => t.startsWith('pair:')), 'punctuation breaks a pair');
  });

  it('gives an empty list for a question of stop words only', () => {
    assert.deepEqual(extractTerms('how does it work?'), []);
  });
});

describe('identifiers and stems', () => {
  it('splits camelCase, PascalCase, acronyms, snake and kebab case', () => {
    assert.deepEqual(splitIdentifier('parseHTTPResponse_v2'), ['parse', 'http', 'response', 'v2']);
    assert.deepEqual(splitIdentifier('API_KEY'), ['api', 'key']);
    assert.deepEqual(splitIdentifier('fetch-with-retry'), ['fetch', 'with', 'retry']);
  });

  it('keeps a plural acronym whole (URLs, getIDsFor), so the URLs of a question find code about urls', () => {
    assert.deepEqual(splitIdentifier('URLs'), ['urls']);
    assert.deepEqual(splitIdentifier('getIDsFor'), ['get', 'ids', 'for']);
    assert.deepEqual(splitIdentifier('HTTPSettings'), ['http', 'settings']);
    assert.deepEqual(splitIdentifier('URLSearchParams'), ['url', 'search', 'params']);
    const terms = extractTerms('how are asset URLs rewritten?');
    assert.ok(terms.some((t) => t.kind === 'word' && t.text === stem('url')), JSON.stringify(terms));
    assert.ok(!terms.some((t) => t.text === 'ur' || t.text === 'ls'), JSON.stringify(terms));
  });

  it('folds inflections the same way on both sides', () => {
    assert.equal(stem('stored'), stem('store'));
    assert.equal(stem('storing'), stem('stores'));
    assert.equal(stem('keys'), stem('key'));
    assert.equal(stem('retries'), stem('retry'));
  });

  it('undoes a doubled consonant only where the verb has more than three letters or a stressed -el, -trol', () => {
    // `added` was `ad`, so "where is the Content-Length header added?" missed addHeader; `cancelled` was `cancell`.
    for (const [form, verb] of [['added', 'add'], ['adding', 'adds'], ['erred', 'err'], ['getting', 'get'], ['mapped', 'map'],
      ['cancelled', 'cancel'], ['labelled', 'label'], ['controlled', 'control']]) {
      assert.equal(stem(form), stem(verb), `${form} / ${verb}`);
    }
    for (const [form, wrong] of [['called', 'cal'], ['scrolled', 'scrol'], ['spelled', 'spel'], ['installed', 'instal']]) assert.notEqual(stem(form), wrong, form);
  });

  it('folds storage, stored, store, stores and storing to one stem, so SecretStorage answers "stored"', () => {
    const forms = ['storage', 'stored', 'store', 'stores', 'storing', 'storages'].map(stem);
    assert.deepEqual(new Set(forms), new Set([stem('store')]));
    assert.equal(stem('encryption'), stem('encrypted'));
    assert.equal(stem('connections'), stem('connect'));
    assert.equal(stem('mapped'), stem('map'));
    assert.equal(stem('aliases'), stem('alias'));
    assert.equal(stem('statuses'), stem('status'));
  });

  it('folds irregular past forms to their verb, as code names its functions (thrown → throwError)', () => {
    for (const [form, verb] of [['written', 'write'], ['wrote', 'writes'], ['thrown', 'throw'], ['caught', 'catch'], ['built', 'build'],
      ['sent', 'send'], ['overridden', 'override'], ['kept', 'keeps'], ['ran', 'run'], ['chosen', 'choose'], ['hidden', 'hide']]) {
      assert.equal(stem(form), stem(verb), `${form} / ${verb}`);
    }
    assert.deepEqual(texts('where are errors thrown?'), ['word:error', 'word:throw']);
  });

  it('keeps short stems and unrelated words apart', () => {
    for (const [a, b] of [['image', 'im'], ['usage', 'us'], ['region', 'reg'], ['action', 'act'], ['flag', 'fl'], ['status', 'stat'], ['need', 'ne']]) {
      assert.notEqual(stem(a), stem(b), `${a} / ${b}`);
    }
    assert.equal(stem('sha256'), 'sha256');
    assert.equal(stem('key'), 'key');
  });
});

describe('dotfiles in questions', () => {
  it('keeps a leading dot as part of a name, so .gitignore and .env are paths', () => {
    assert.deepEqual(texts('what does .gitignore hide?'), ['path:.gitignore', 'part:gitignor', 'word:hid']);
    assert.ok(texts("is '.env' read").includes('path:.env'));
    assert.ok(texts('read .agent/secrets/openai_api_key.').includes('path:.agent/secrets/openai_api_key'));
    assert.deepEqual(texts('...and then'), []);
  });
});

describe('quotes, contractions and dotted names in questions', () => {
  it('takes text in single quotes as a phrase, but not the apostrophes of words', () => {
    assert.ok(texts("where is 'is not a valid regular expression' raised?").includes('phrase:is not a valid regular expression'));
    assert.deepEqual(texts("I don't know what the users' keys are"), ['word:know', 'word:user', 'word:key', 'pair:userskey']);
    assert.deepEqual(texts("where is the parser's state kept?"), ['word:parser', 'word:stat', 'word:keep']);
    assert.deepEqual(texts('why can’t I see it here?'), ['word:see'], 'a typographic apostrophe; `here` says nothing');
  });

  it('looks up the compound members of a dotted name on their own', () => {
    const t = texts('what does grounded.maxContextTokens do?');
    assert.ok(t.includes('identifier:maxcontexttokens'), t.join());
    const redirect = texts('how does res.redirect work?');
    assert.ok(redirect.includes('identifier:redirect') && !redirect.includes('identifier:res'), 'the method, not the variable in front');
    const send = texts('what does Session.send do?');
    assert.ok(send.includes('identifier:sess'), 'a class in front is a name too, by its stem as the index holds one word');
    assert.ok(send.includes('member:session.send'), 'the member is looked for inside its owner');
    assert.ok(texts('how does Blueprint.register work?').includes('member:blueprint.register'), 'a member name longer than a file extension');
    assert.ok(texts('how does middleware::from_fn work?').includes('member:middleware.from_fn'), 'Rust and C++ write members with ::');
    assert.ok(texts('what does Base#route do?').includes('member:base.route'), 'docs of Ruby and Java write them with #');
    assert.ok(!texts('is C# supported? see #123').some((t) => t.startsWith('member:')), 'not a language name or an issue number');
    assert.ok(!texts('what does index.ts export?').includes('identifier:ts'), 'a file name has no members');
  });
});

describe('chunking', () => {
  it('covers every line exactly once, cutting before top-level definitions', () => {
    const body = Array.from({ length: 50 }, (_, i) => `  line(${i});`).join('\n');
    const text = `function a() {\n${body}\n}\nfunction b() {\n${body}\n}\n`;
    const chunks = chunkText(text);
    assert.equal(chunks[0].startLine, 1);
    for (let i = 1; i < chunks.length; i++) assert.equal(chunks[i].startLine, chunks[i - 1].endLine + 1);
    assert.equal(chunks[chunks.length - 1].endLine, 104);
    assert.ok(chunks.some((c) => c.startLine === 53), `a chunk starts at function b: ${chunks.map((c) => c.startLine)}`);
    assert.ok(chunks[0].defines.has('a'));
  });

  it('recognises definitions across languages', () => {
    assert.equal(definedName('export async function storeApiKey(x) {'), 'storeApiKey');
    assert.equal(definedName('class KeyStore:'), 'KeyStore');
    assert.equal(definedName('def parse_retry_after(header):'), 'parse_retry_after');
    assert.equal(definedName('pub fn connect() -> Result<()> {'), 'connect');
    assert.equal(definedName('func (c *Context) Redirect(code int, location string) {'), 'Redirect', 'a Go method, after its receiver');
    assert.equal(definedName('func (s Set[T]) Add(v T) {'), 'Add');
    assert.equal(definedName('func New() *Engine {'), 'New');
    const java = '  public <T> T fromJson(String json, Class<T> classOfT) throws JsonSyntaxException {';
    assert.equal(definedName(java), 'fromJson', 'Java, with its return type');
    assert.equal(definedName('  @Override public void write(JsonWriter out, T value) throws IOException {'), 'write');
    assert.equal(definedName('  public Map<String, List<Integer>> groups() {'), 'groups');
    assert.equal(definedName('fun main(args: Array<String>) {'), 'main', 'Kotlin');
    assert.equal(definedName('  override fun toString(): String {'), 'toString');
    const statements = [
      '    await fetchData(url) {', '    return foo(x) {', '    else if (x) {', '  synchronized (lock) {', '    new Thread(r) {', '  String s = foo(x) {',
    ];
    for (const statement of statements) assert.equal(definedName(statement), undefined, statement);
    assert.equal(definedName('  async readApiKey(provider: string): Promise<string | undefined> {'), 'readApiKey');
    assert.equal(definedName('  if (x) {'), undefined);
  });

  it('joins a verb and its particle into the word code writes (looked up → lookup, times out → timeout)', () => {
    const words = (q: string) => extractTerms(q).filter((t) => t.kind === 'word').map((t) => t.text);
    assert.ok(words('how are type adapters looked up for a type?').includes('lookup'));
    assert.ok(words('what happens when a request times out?').includes('timeout'));
    assert.ok(words('how do users log in?').includes('login'));
    assert.ok(words('where is the fallback set up?').includes('setup'));
    assert.ok(!words('set the value up').includes('setup'), 'not across other words');
    assert.ok(!words('look at the upload').some((w) => w.startsWith('lookup')));
  });
});
