import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { demotedFor, pathFactor } from '../../../src/engine/retrieval/path-demotion';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { indexCorpus, topPath } from '../../support/corpus-index';

const factor = (question: string, rel: string) => pathFactor(rel, demotedFor(extractTerms(question)));

// An autoconf macro comparing versions, in the words of a question about the program's own comparisons (as jq's
// m4/ax_compare_version.m4 is), and the program's comparison of values, which is the answer.
const MACRO = `# SYNOPSIS
#   AX_COMPARE_VERSION(VERSION_A, OP, VERSION_B, [ACTION-IF-TRUE], [ACTION-IF-FALSE])
# DESCRIPTION
#   This macro compares two version strings: the values of each part are compared in turn.
AC_DEFUN([AX_COMPARE_VERSION], [
  ax_compare_version=false
  AS_IF([test "x$ax_compare_version" = "xtrue"], [$4], [$5])
])
`;
const COMPARE = `/* Values are ordered by kind first, then by their contents. */
int jv_cmp(jv a, jv b) {
  int r = kind_order(jv_get_kind(a)) - kind_order(jv_get_kind(b));
  if (r == 0) r = compare_contents(a, b);
  return r;
}

jv jv_sort(jv objects, jv keys) {
  struct sort_entry *entries = sort_items(objects, keys);
  qsort(entries, n, sizeof(struct sort_entry), sort_cmp);
  return collect(entries);
}
`;

describe('files that build the project rather than being it', () => {
  it('count less unless the question is about building, CI or packaging', () => {
    const q = 'how does nginx parse the configuration file?';
    assert.equal(factor(q, 'auto/configure'), 0.5);
    assert.equal(factor(q, 'm4/ax_compare_version.m4'), 0.5);
    assert.equal(factor(q, 'cmake/ci.cmake'), 0.5);
    assert.equal(factor(q, 'Makefile'), 0.5);
    assert.equal(factor(q, '.github/workflows/ci.yml'), 0.5);
    assert.equal(factor(q, '.gitignore'), 0.5);
    assert.equal(factor(q, 'src/core/ngx_conf_file.c'), 1);
    // A folder named auto/ inside the sources is no build system; a file named for configuring is no configure script.
    assert.equal(factor(q, 'src/auto/parser.c'), 1);
    assert.equal(factor(q, 'src/configure.ts'), 1);
    assert.equal(factor('how is the project built with cmake?', 'CMakeLists.txt'), 1);
    assert.equal(factor('what does the CI workflow run?', '.github/workflows/ci.yml'), 1);
    assert.equal(factor('what does the Makefile do?', 'Makefile'), 1);
    // What the build makes is about the build: the Makefile target making the single header.
    assert.equal(factor('how is the single header generated from the split headers?', 'Makefile'), 1);
  });

  it("count other languages' build scripts, bundlers' configs, manifests and lock files the same way", () => {
    const q = 'how does zls find the zig executable?';
    for (const rel of ['build.zig', 'build.sbt', 'build.mill', 'Rakefile', 'src/server/dune', 'dune-project', 'packages/vite/rolldown.config.ts']) {
      assert.equal(factor(q, rel), 0.5, rel);
    }
    for (const rel of ['mix.exs', 'mix.lock', 'Gemfile', 'Gemfile.lock', 'Cargo.lock', 'yarn.lock', 'pnpm-lock.yaml', 'go.sum', 'pubspec.yaml',
      'rebar.config', 'charts/prometheus/Chart.yaml', 'dream.opam']) assert.equal(factor(q, rel), 0.5, rel);
    // The code is code, a build question keeps the build script level and a dependency question the manifest and its lock.
    for (const rel of ['src/configuration.zig', 'src/build_runner/build_runner.zig', 'lib/mix/tasks/compile.ex']) assert.equal(factor(q, rel), 1, rel);
    assert.equal(factor('how is zls built with build.zig?', 'build.zig'), 1);
    assert.equal(factor('which version of the dependencies is locked?', 'mix.lock'), 1);
  });

  it('puts the comparison of values above an autoconf macro saying the same words', async () => {
    const corpus = { 'm4/ax_compare_version.m4': MACRO, 'src/jv_aux.c': COMPARE, 'src/main.c': 'int main(void) { return run(); }\n' };
    const index = await indexCorpus(corpus, 'grounded-build-');
    const first = (q: string) => topPath(index, q);
    assert.equal(await first('how are values sorted and compared?'), 'src/jv_aux.c');
    assert.equal(await first('how does the autoconf build compare versions?'), 'm4/ax_compare_version.m4');
  });
});

describe('changelog entries kept one per change', () => {
  it('count as a changelog does unless the question is about the changes', () => {
    const q = 'how does ansible-galaxy resolve collection dependencies?';
    assert.equal(factor(q, 'changelogs/fragments/fix-ansible-galaxy-ignore-certs.yml'), 0.35);
    assert.equal(factor(q, '.changeset/brave-dogs-sing.md'), 0.35);
    assert.equal(factor(q, 'newsfragments/1234.bugfix.rst'), 0.35);
    assert.equal(factor(q, 'lib/ansible/galaxy/dependency_resolution/resolvers.py'), 1);
    assert.equal(factor('what changed in the changelog for galaxy dependencies?', 'changelogs/fragments/fix-galaxy.yml'), 1);
  });
});
