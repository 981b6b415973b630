import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { frameFiles } from '../../../src/engine/retrieval/frame-files';
import { messageShare } from '../../../src/engine/retrieval/message-match';
import { messageWords, readPasted, workspacePath } from '../../../src/engine/retrieval/pasted';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { indexCorpus } from '../../support/corpus-index';

// What users paste: errors, stack traces and logs (bench/retrieval-sets-pasted.ts measures these rules on fifteen trees).
async function ranked(files: Record<string, string>, question: string): Promise<string[]> {
  const index = await indexCorpus(files, 'grounded-pasted-');
  return [...new Set((await index.search(extractTerms(question), 10)).map((r) => r.path))];
}

// Files saying none of the question's words, as a tree has: among two or three files every word is common.
const others = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`src/other${i}.py`, `def compute${i}(value):\n    return value * ${i}\n`]));

const PYTHON_TRACE = `Traceback (most recent call last):
  File "/home/u/venv/lib/python3.12/site-packages/shop/app.py", line 1511, in wsgi_app
    response = self.full_dispatch()
  File "C:\\Users\\me\\venv\\Lib\\site-packages\\shop\\orders.py", line 88, in place_order
    raise OrderLimitError(count)
shop.errors.OrderLimitError: Cannot place 12 orders, the limit is 10`;

describe('reading a paste', () => {
  it('lists a Python trace\'s files nearest the error first (printed last) and reads the error line as a message', () => {
    const pasted = readPasted(PYTHON_TRACE);
    assert.deepEqual(
      pasted.frames.map((f) => f.path),
      ['/users/me/venv/lib/site-packages/shop/orders.py', '/home/u/venv/lib/python3.12/site-packages/shop/app.py'],
    );
    assert.ok(pasted.frames[0].nearness > pasted.frames[1].nearness);
    // The numbers were filled in; the words around them are written in the source as they are printed.
    assert.ok(pasted.messages.some((m) => m.join(' ') === 'cannot place orders the limit is'), JSON.stringify(pasted.messages));
    // The line the error was raised at is looked for as written, too.
    assert.ok(pasted.messages.some((m) => m.join(' ') === 'raise orderlimiterror count'), JSON.stringify(pasted.messages));
  });

  it('keeps an error type by its class name, not its module, and drops the trace\'s paths and line numbers from the words', () => {
    const texts = extractTerms(PYTHON_TRACE).filter((t) => t.kind !== 'frame' && t.kind !== 'message').map((t) => t.text);
    assert.ok(texts.includes('orderlimiterror'), texts.join(' '));
    assert.ok(!texts.some((t) => /shop\.errors|^hom|venv|site|^1511$|^12$/.test(t)), texts.join(' '));
  });

  it('reads the frames of JavaScript, the JVM, .NET and Go traces', () => {
    const js = readPasted(
      'TypeError: x is not a function\n' +
        '    at Parser.parse (/home/u/app/node_modules/pkg/lib/parser.js:12:5)\n    at main (webpack-internal:///./src/index.js:3:1)',
    );
    assert.deepEqual(js.frames.map((f) => f.path), ['/home/u/app/node_modules/pkg/lib/parser.js', 'src/index.js']);
    assert.deepEqual(readPasted('java.io.IOException: closed\n\tat okhttp3.internal.http.Chain.proceed(Chain.kt:109)').frames.map((f) => f.path), ['chain.kt']);
    const net = readPasted('System.Exception: bad\n   at Ns.Reader.Read(JsonReader reader) in C:\\src\\Ns\\Reader.cs:line 604');
    assert.deepEqual(net.frames.map((f) => f.path), ['/src/ns/reader.cs']);
    const go = readPasted(
      'panic: boom\n\ngoroutine 1 [running]:\n' +
        'github.com/x/y.(*node).insert(0xc000, {0x9b, 0x13})\n\t/home/u/go/pkg/mod/github.com/x/y@v1.9.1/tree.go:378 +0x6a5',
    );
    assert.deepEqual(go.frames.map((f) => f.path), ['/home/u/go/pkg/mod/github.com/x/y@v1.9.1/tree.go']);
    assert.deepEqual(go.names.map((n) => n.text), ['node.insert']);
  });

  it('normalises a frame\'s path: schemes, drive letters, backslashes, line and column', () => {
    assert.equal(workspacePath('webpack-internal:///./node_modules/axios/lib/adapters/xhr.js:110:14'), 'node_modules/axios/lib/adapters/xhr.js');
    assert.equal(workspacePath('C:\\Users\\me\\App\\Src\\Main.ts:3'), '/users/me/app/src/main.ts');
  });

  it('leaves the values a program filled in out of a message\'s words', () => {
    assert.deepEqual(messageWords(`The name 'auth' is already registered for /home/u/x at 0x1f, <class 'User'> {a: 1} [b] $foo`), [
      'the', 'name', 'is', 'already', 'registered', 'for', 'at',
    ]);
  });

  it('finds a plain question unchanged: no frames, no messages', () => {
    assert.equal(extractTerms('how are retries configured?').filter((t) => t.kind === 'frame' || t.kind === 'message').length, 0);
    assert.equal(extractTerms('abort signal cancellation').filter((t) => t.kind === 'message').length, 0);
  });

  it('reads a 2,000-line log for a bounded number of terms', () => {
    const log = Array.from({ length: 2000 }, (_, i) => `2026-01-01 WARN [worker-${i}] request${i} failed with status ${500 + i} after retry${i}`).join('\n');
    const terms = extractTerms(log);
    assert.ok(terms.length < 100, String(terms.length));
    assert.ok(terms.filter((t) => t.kind === 'message').length <= 6);
  });
});

describe('matching a message written with placeholders', () => {
  const words = (s: string) => s.toLowerCase().match(/[a-z][a-z0-9]*/g) ?? [];

  it('finds the message\'s words in order, a placeholder between them', () => {
    assert.equal(messageShare(messageWords('Exceeded 30 redirects.'), words('raise TooManyRedirects(f"Exceeded {self.max_redirects} redirects.")')), 1);
    // A value printed as a word (`null`) is one pair missed, not the message lost.
    assert.equal(messageShare(messageWords('Cannot iterate over null'), words('"Cannot iterate over %s (%s)"')), 2 / 3);
  });

  it('does not find the words scattered through unrelated code', () => {
    assert.equal(messageShare(messageWords('Exceeded 30 redirects.'), words('if redirects: pass\n# nothing exceeded here')), 0);
  });
});

describe('the files of a trace\'s frames', () => {
  it('is the file sharing most of the frame\'s path, not another of the same name', () => {
    const paths = ['src/shop/app.py', 'src/shop/sansio/app.py', 'tests/app.py'];
    assert.deepEqual([...frameFiles(paths, [{ path: '/home/u/venv/site-packages/shop/app.py', weight: 3 }]).keys()], ['src/shop/app.py']);
  });

  it('names none of many files sharing only a common file name', () => {
    const paths = ['a/index.js', 'b/index.js', 'c/index.js', 'd/index.js'];
    assert.equal(frameFiles(paths, [{ path: '/home/u/app/node_modules/x/index.js', weight: 3 }]).size, 0);
  });
});

describe('ranking what users paste', () => {
  const files = {
    'src/shop/errors.py': 'class OrderLimitError(Exception):\n    """Raised when an order is refused."""\n',
    'src/shop/orders.py': [
      'from .errors import OrderLimitError',
      '',
      'def place_order(count, limit):',
      '    if count > limit:',
      '        raise OrderLimitError(f"Cannot place {count} orders, the limit is {limit}")',
      '    return count',
    ].join('\n'),
    'src/shop/app.py': 'def wsgi_app(environ):\n    response = full_dispatch(environ)\n    return response\n',
    'src/shop/sansio/app.py': 'def wsgi_app(environ):\n    return None\n',
    'tests/test_orders.py': 'def test_limit():\n    with raises(OrderLimitError, match="Cannot place 12 orders"):\n        place_order(12, 10)\n',
    'src/shop/pricing.py': 'def apply_discount(total, code):\n    # a tenth off the total when the code is valid\n    return total * 0.9 if code else total\n',
    'src/shop/checkout.py': 'from .pricing import apply_discount\n\ndef checkout(cart, code):\n    return apply_discount(sum(cart), code)\n',
    ...others,
  };

  it('puts the code raising a pasted error first: not the class defining its type, nor the test and doc quoting it', async () => {
    const quota = {
      'src/shop/errors.py': 'class QuotaError(Exception):\n    """Raised when too many orders are placed: the limit of orders was reached."""\n',
      'src/shop/cart.py': 'def add(n, cap):\n    if n > cap:\n        raise QuotaError(f"Cannot place {n} orders, the limit is {cap}")\n    return n\n',
      'tests/test_cart.py': 'def test_quota():\n    with raises(QuotaError, match="Cannot place 12 orders, the limit is 10"):\n        add(12, 10)\n',
      'docs/errors.md': '# Errors\n\nQuotaError: Cannot place 12 orders, the limit is 10. Place fewer orders or raise the limit.\n',
      ...others,
    };
    const order = await ranked(quota, 'shop.errors.QuotaError: Cannot place 12 orders, the limit is 10');
    assert.equal(order[0], 'src/shop/cart.py', order.join(', '));
  });

  it('puts the frame\'s file first, matched by its path\'s end, not another file of the same name', async () => {
    const run = 'export function run(job) {\n  return job.start();\n}\n';
    const order = await ranked({ 'aaa/app.js': run, 'lib/app.js': run, ...others }, 'Error: boom\n    at run (/home/u/site/node_modules/shop/lib/app.js:2:14)');
    assert.equal(order[0], 'lib/app.js', order.join(', '));
  });

  it('puts the nearest frame\'s file first in a Python trace (printed last)', async () => {
    const order = await ranked(files, PYTHON_TRACE);
    assert.equal(order[0], 'src/shop/orders.py', order.join(', '));
  });

  it('answers "what calls X?" with the callers before the definition', async () => {
    const order = await ranked(files, 'what calls `apply_discount`?');
    assert.equal(order[0], 'src/shop/checkout.py', order.join(', '));
  });
});
