import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { demotedFor, pathFactor } from '../../../src/engine/retrieval/path-demotion';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { indexCorpus, topPath } from '../../support/corpus-index';

const factor = (question: string, rel: string) => pathFactor(rel, demotedFor(extractTerms(question)));

// A zsh completion script lists each flag with its help line, in the words of a question about what the flag does.
const ZSH = `#compdef fd
_fd() {
  _arguments \\
    '--max-results=[stop the search after the maximum number of results]' \\
    '(-1)-1[stop after the first search result]' \\
    '(-H --hidden)'{-H,--hidden}'[include hidden files and directories]' \\
    '(-I --no-ignore)'{-I,--no-ignore}'[do not respect ignore files]' \\
    '(-s --case-sensitive)'{-s,--case-sensitive}'[case-sensitive search]' \\
    '(-i --ignore-case)'{-i,--ignore-case}'[case-insensitive search]' \\
    '(-g --glob)'{-g,--glob}'[glob-based search]' \\
    '(-F --fixed-strings)'{-F,--fixed-strings}'[treat pattern as literal string]' \\
    '(-L --follow)'{-L,--follow}'[follow symbolic links]' \\
    '(-p --full-path)'{-p,--full-path}'[match the pattern against the full path]' \\
    '(-0 --print0)'{-0,--print0}'[separate results by the null character]' \\
    '(-t --type)'{-t+,--type=}'[filter by type]:type:(file directory symlink executable empty)' \\
    '(-e --extension)'{-e+,--extension=}'[filter by file extension]:extension' \\
    '(-x --exec)'{-x+,--exec=}'[execute a command for each result]:command' \\
    '(-E --exclude)'{-E+,--exclude=}'[exclude files or directories matching the glob]:pattern' \\
    '(-c --color)'{-c+,--color=}'[declare when to colorize output]:when:(never auto always)' \\
    '(-j --threads)'{-j+,--threads=}'[set the number of threads]:threads' \\
    '(-S --size)'{-S+,--size=}'[limit results based on the size of files]:size' \\
    '--max-depth=[set the maximum search depth]'
}
`;
const WALK = `// The walker sends results to the receiver thread.
fn spawn_receiver(config: &Config, rx: Receiver<WorkerResult>) -> ExitCode {
    let mut num_results = 0;
    for result in rx {
        num_results += 1;
        // Stop the search once the maximum number of results has been printed: the receiver quits,
        // and the walker threads see the quit flag and stop too.
        if Some(num_results) == config.max_results { quit_flag.store(true); break; }
    }
}
`;

describe('shell completion scripts and editor support files', () => {
  it('count as docs unless the question is about completion, a shell or an editor', () => {
    const q = 'how does fd stop after the maximum number of results?';
    for (const rel of ['contrib/completion/_fd', 'crates/core/flags/complete/rg.zsh', 'assets/completions/bat.fish.in', 'contrib/vim/syntax/nginx.vim']) {
      assert.equal(factor(q, rel), 0.5, rel);
    }
    assert.equal(factor('how are zsh completions installed?', 'contrib/completion/_fd'), 1);
    assert.equal(factor('where is the vim syntax file?', 'contrib/vim/syntax/nginx.vim'), 1);
    // The code generating them is code, and so is a test fixture folder that happens to be named completion (a test still).
    for (const rel of ['crates/core/flags/complete/zsh.rs', 'zsh_completions.go', 'src/walk.rs']) assert.equal(factor(q, rel), 1, rel);
    assert.equal(factor(q, 'packages/x/test/fixtures/completion/exec.js'), 0.35);
  });

  it('put the code first where the completion script says the question\'s words more often', async () => {
    const index = await indexCorpus({ 'contrib/completion/_fd': ZSH, 'src/walk.rs': WALK }, 'grounded-companion-');
    const first = (q: string) => topPath(index, q);
    assert.equal(await first('how does the search stop after the maximum number of results?'), 'src/walk.rs');
    assert.equal(await first('which zsh completion limits the number of search results?'), 'contrib/completion/_fd');
  });
});
