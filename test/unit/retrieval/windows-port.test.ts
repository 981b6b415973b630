import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { demotedFor, pathFactor } from '../../../src/engine/retrieval/path-demotion';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { indexCorpus, topPath } from '../../support/corpus-index';

const factor = (question: string, rel: string) => pathFactor(rel, demotedFor(extractTerms(question)));

// The same file for two systems, the Windows one saying the question's words once more (as nginx's win32 port does).
const CYCLE = (extra: string) => `/* The master process: starts the workers and, on a signal, reloads the configuration. */
void master_process_cycle(cycle_t *cycle) {
    for ( ;; ) {
        if (reconfigure) { reconfigure = 0; cycle = init_cycle(cycle); /* reload: read the configuration again */ }${extra}
    }
}
`;

describe('a port to Windows in a folder of its own', () => {
  it('counts less unless the question names Windows', () => {
    assert.equal(factor('how does the master process reload the configuration?', 'src/os/win32/ngx_process_cycle.c'), 0.5);
    assert.equal(factor('how does the master process reload the configuration?', 'src/os/unix/ngx_process_cycle.c'), 1);
    assert.equal(factor('how does the master process reload the configuration on Windows?', 'src/os/win32/ngx_process_cycle.c'), 1);
    // A file named for Windows in a shared folder is not a port kept apart.
    assert.equal(factor('how is unicode written to the console?', 'src/click/_winconsole.py'), 1);
  });

  it('puts the Unix file first, and the Windows one for a question about Windows', async () => {
    const index = await indexCorpus({
      'src/os/unix/process_cycle.c': CYCLE(''),
      'src/os/win32/process_cycle.c': CYCLE('\n        /* the master process reloads the configuration as a service event */'),
    }, 'grounded-windows-');
    const first = (q: string) => topPath(index, q);
    assert.equal(await first('how does the master process reload the configuration?'), 'src/os/unix/process_cycle.c');
    assert.equal(await first('how does the master process reload the configuration on Windows?'), 'src/os/win32/process_cycle.c');
  });
});
