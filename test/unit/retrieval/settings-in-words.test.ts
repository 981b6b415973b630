import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { definesOrReads } from '../../../src/engine/retrieval/setting-match';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { indexCorpus, topPath } from '../../support/corpus-index';

const settings = (q: string) => extractTerms(q).filter((t) => t.kind === 'setting').map((t) => [t.text, t.inWords === true]);

// A directive table names the setting once as a string; the process code says the question's words in prose many times.
const DIRECTIVES = `static ngx_command_t  ngx_core_commands[] = {
    { ngx_string("daemon"), NGX_MAIN_CONF|NGX_DIRECT_CONF|NGX_CONF_FLAG, ngx_conf_set_flag_slot, 0, 0, NULL },
    { ngx_string("worker_processes"), NGX_MAIN_CONF|NGX_DIRECT_CONF|NGX_CONF_TAKE1, ngx_set_worker_processes, 0, 0, NULL },
    { ngx_string("pid"), NGX_MAIN_CONF|NGX_DIRECT_CONF|NGX_CONF_TAKE1, ngx_conf_set_str_slot, 0, 0, NULL },
};
`;
const CYCLE = `/* The master process starts the worker processes, and a new one when one exits. */
static void ngx_start_worker_processes(ngx_cycle_t *cycle, ngx_int_t n, ngx_int_t type) {
    for (i = 0; i < n; i++) { ngx_spawn_process(cycle, ngx_worker_process_cycle, (void *) (intptr_t) i, "worker process", type); }
}
`;

const FILLER = (module: string) => `/* The ${module} module: reads its blocks and handles its events. */
static ngx_int_t ngx_${module}_init(ngx_cycle_t *cycle) { return ngx_${module}_add_handlers(cycle->conf_ctx); }
`;

describe('a setting named in words by a question about configuring', () => {
  it('is looked for by the name code gives two words in a row, only in such questions', () => {
    assert.deepEqual(settings('how do I configure the number of worker processes?'), [['worker_processes', true]]);
    assert.deepEqual(settings('how do I configure a reverse proxy in the Caddyfile?'), [['reverse_proxy', true]]);
    assert.deepEqual(settings('how can I change the session driver?'), [['session_driver', true]]);
    assert.deepEqual(settings('how are worker processes started?'), []);
    // A name written as code names the setting itself: no guesses beside it.
    assert.deepEqual(settings('how do I configure `server.strictPort`?'), [['server.strictPort', false]]);
  });

  it('gains where a string holds it, not where a docstring quotes it in backticks', () => {
    const test = definesOrReads('shell_completion', true);
    assert.equal(test('    Moved to ``shell_completion`` from ``parser``.'), false);
    assert.equal(definesOrReads('shell_completion')('    Moved to ``shell_completion`` from ``parser``.'), true);
    assert.equal(test('    { ngx_string("shell_completion"), NGX_MAIN_CONF, NULL },'), true);
    assert.equal(test("    'driver' => env('SHELL_COMPLETION', 'file'),"), true);
  });

  it('puts the code defining the directive first', async () => {
    const others = Object.fromEntries(['event', 'http', 'mail', 'stream', 'log', 'file'].map((m) => [`src/${m}/ngx_${m}.c`, FILLER(m)]));
    const index = await indexCorpus({ ...others, 'src/core/nginx.c': DIRECTIVES, 'src/os/unix/ngx_cycle.c': CYCLE }, 'grounded-in-words-');
    const first = (q: string) => topPath(index, q);
    assert.equal(await first('how do I configure the number of worker processes?'), 'src/core/nginx.c');
    assert.equal(await first('how does the master process start the worker processes?'), 'src/os/unix/ngx_cycle.c');
  });
});
