import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { definesOrReads } from '../../../src/engine/retrieval/setting-match';
import { settingNames, spellings } from '../../../src/engine/retrieval/setting-terms';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { indexCorpus } from '../../support/corpus-index';

// Questions naming a flag, a config key or an environment variable (bench/retrieval-sets-flags.ts measures these rules on fifteen trees).
async function ranked(files: Record<string, string>, question: string): Promise<string[]> {
  const index = await indexCorpus(files, 'grounded-settings-');
  return [...new Set((await index.search(extractTerms(question), 10)).map((r) => r.path))];
}

// Files saying none of the question's words, as a tree has: among two or three files every word is common.
const others = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`src/other${i}.go`, `func compute${i}(value int) int {\n\treturn value * ${i}\n}\n`]));

describe('names a question gives as settings', () => {
  it('finds flags, SCREAMING_CASE names, a word called an environment variable and keys in backticks', () => {
    assert.deepEqual(settingNames('what does --max-count do?'), ['--max-count']);
    assert.deepEqual(settingNames('how is RIPGREP_CONFIG_PATH used?'), ['RIPGREP_CONFIG_PATH']);
    assert.deepEqual(settingNames('how is the NETRC environment variable used?'), ['NETRC']);
    assert.deepEqual(settingNames('what does `server.strictPort` do?'), ['server.strictPort']);
    // An acronym alone is a word, and a hyphen inside a word is no flag.
    assert.deepEqual(settingNames('how are HTTP headers parsed in the built-in client?'), []);
  });

  it('spells a name every way code writes it, from its last member', () => {
    assert.deepEqual(spellings('--max-count').sort(), ['MAX_COUNT', 'MaxCount', 'max-count', 'maxCount', 'max_count'].sort());
    assert.ok(spellings('server.strictPort').includes('strict_port'));
    assert.ok(!spellings('server.strictPort').some((s) => s.includes('server')));
    assert.deepEqual(spellings('NETRC').sort(), ['NETRC', 'Netrc', 'netrc'].sort());
  });

  it('keeps a setting term only where the question is about the name, and not for the callers of a function', () => {
    const kept = (q: string) => extractTerms(q).filter((t) => t.kind === 'setting').map((t) => t.text);
    assert.deepEqual(kept('what does `maxBodyLength` do in axios?'), ['maxBodyLength']);
    assert.deepEqual(kept('what does the `http_errors` request option do?'), ['http_errors']);
    assert.deepEqual(kept('how does the streaming JSON parser for --stream work?'), []);
    assert.deepEqual(kept('what calls `full_dispatch_request`?'), []);
    // Where an environment variable is "used" is where it is read.
    assert.deepEqual(kept('where is BASH_COMP_DEBUG_FILE used?'), ['BASH_COMP_DEBUG_FILE']);
  });
});

describe('code defining or reading a name', () => {
  it('counts a string, an environment read, a declaration and a build condition, in any spelling', () => {
    assert.ok(definesOrReads('--max-count')('  } else if (isoption(&text, 0, "max-count", is_short)) {'));
    assert.ok(definesOrReads('--max-count')('    max_count: Option<u64>,'));
    assert.ok(definesOrReads('RIPGREP_CONFIG_PATH')('    let p = std::env::var_os("RIPGREP_CONFIG_PATH")?;'));
    assert.ok(definesOrReads('BABEL_ENV')('  return process.env.BABEL_ENV || process.env.NODE_ENV || defaultValue;'));
    assert.ok(definesOrReads('DisableFlagParsing')('\tDisableFlagParsing bool'));
    assert.ok(definesOrReads('maxBodyLength')('  maxBodyLength?: number;'));
    assert.ok(definesOrReads('connect_timeout')("        if (isset($options['connect_timeout'])) {"));
    assert.ok(definesOrReads('nomsgpack')('//go:build !nomsgpack'));
  });

  it('does not count a use, a comparison, or an environment variable set for a child process', () => {
    assert.ok(!definesOrReads('DisableFlagParsing')('\tif cmd.DisableFlagParsing {'));
    assert.ok(!definesOrReads('maxBodyLength')('  if (config.maxBodyLength === 0) return;'));
    assert.ok(!definesOrReads('BABEL_ENV')('      BABEL_ENV: "production",'));
    assert.ok(!definesOrReads('--stream')('def tostream: path(def r: (.[]?|r), .);'));
    // A longer name holding this one is another name.
    assert.ok(!definesOrReads('--max-count')('    "max-count-total",'));
  });
});

describe('ranking code that defines or reads a named setting', () => {
  it('puts the flag parser before the completion script quoting the flag and the code using its mode', async () => {
    const files = {
      ...others,
      'src/main.c': 'int main(int argc, char **argv) {\n  if (isoption(&text, 0, "seq", is_short)) {\n    options |= SEQ;\n  }\n}\n',
      'complete/jq.zsh': "_arguments \\\n  '--seq[use the application/json-seq MIME type]' \\\n  '--slurp[read all inputs into an array]'\n",
      'src/print.c': 'void print_seq(FILE *f, int seq) {\n  if (seq) fputc(0x1e, f); /* seq mode */\n}\n',
    };
    assert.equal((await ranked(files, 'what does --seq do?'))[0], 'src/main.c');
  });

  it('puts where an environment variable is read before where it is only passed along', async () => {
    const files = {
      ...others,
      'completions.go': 'func debug(msg string) {\n\tif path := os.Getenv("COMP_DEBUG_FILE"); path != "" {\n\t\twrite(path, msg)\n\t}\n}\n',
      'bash_completions.go': 'const script = `\nif [[ -n ${COMP_DEBUG_FILE-} ]]; then\n  echo "$*" >> "${COMP_DEBUG_FILE}"\nfi\n`\n',
    };
    assert.equal((await ranked(files, 'where is COMP_DEBUG_FILE used?'))[0], 'completions.go');
  });

  it('puts the declaration of a key before a module that only reads it from the options', async () => {
    const files = {
      ...others,
      'command.go': 'type Command struct {\n\t// Skips parsing.\n\tDisableFlagParsing bool\n\tName string\n}\n',
      'completions.go':
        'func complete(cmd *Command) {\n\tif cmd.DisableFlagParsing {\n\t\treturn\n\t}\n' +
        '\tif cmd.DisableFlagParsing && cmd.Name == "" {\n\t\treturn\n\t}\n}\n',
    };
    assert.equal((await ranked(files, 'what does `DisableFlagParsing` do?'))[0], 'command.go');
  });
});
