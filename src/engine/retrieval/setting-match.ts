import type { ChunkTexts } from './chunk-texts';
import type { IndexStats } from './index-data';
import { findMessages, type MessagesWritten } from './message-match';
import { leafOf, spellings } from './setting-terms';
import { splitIdentifier } from './split-identifier';
import { stem } from './stem';
import type { SearchTerm } from './terms';
import { escapeRegExp } from '../text/escape-regexp';

// A question naming a CLI flag (`--max-count`), a config key (`maxBodyLength`, `server.strictPort`) or an environment
// variable (`RIPGREP_CONFIG_PATH`) is answered by the code that defines it and the code that reads it. Docs, tests and
// completion scripts quote the name as often, and other modules pass it along, so the words alone do not tell them apart:
// the way the source writes the name does. A flag's parser and a setting's lookup write it as a string (`"max-count"`,
// `$options['connect_timeout']`, `app.get('json spaces')`), an environment variable is read by a call (`getenv("X")`,
// `process.env.X`), a key is declared (`maxBodyLength?: number`, `DisableFlagParsing bool`, `max_count: Option<u64>`).

/** Where a line reads the environment: the name after it (quoted or not) is a variable read. */
const ENV_READ = /(?:getenv|environ|env::var(?:_os)?|var_os|process\.env|\bENV\s*\[|Getenv|LookupEnv|getProperty)/;
/** What may stand before a declared name on its line: modifiers and keywords only. */
const MODIFIERS = 'pub(?:\\([\\w:]+\\))?|export|public|private|protected|internal|static|readonly|final|override|abstract|open|lateinit|declare|@\\w+';
const DECLARED_AFTER = new RegExp(`^\\s*(?:(?:${MODIFIERS}|const|let|var|val|def|fn|func|function|#define)\\s+)*$`);
/** What follows a declared name: a type, a value or parameters (`maxBodyLength?: number`, `DisableFlagParsing bool`, `fn max_count(`). */
const DECLARATION_END = /^\??\s*(?::(?!:)|=(?!=)|\(|\s+[\w*[&])/;
/** A build condition naming a feature or tag (`//go:build !nomsgpack`, `#ifdef USE_X`, `#[cfg(feature = "x")]`). */
const BUILD_CONDITION = /^\s*(?:\/\/\s*(?:go:build|\+build)|#\s*(?:if|ifdef|ifndef|elif)\b|#\[cfg)/;

/**
 * A test of whether a chunk's text defines or reads the name: writes it as a string, reads it from the environment, declares it
 * or names it in a build condition. Only using it (`cmd.DisableFlagParsing`, jq's builtin `stream` functions) is not:
 * counted at a quarter, it put builtin.jq before main.c for "what does jq --stream do?" (flags set 0.957, 0.965 without).
 */
export function definesOrReads(name: string, inWords = false): (text: string) => boolean {
  const forms = spellings(name);
  if (forms.length === 0) return () => false;
  const screaming = /^[A-Z0-9_]+$/.test(leafOf(name));
  const at = new RegExp(`(?<![\\w$-])(["'\`]?)(?:--?)?(${forms.map(escapeRegExp).join('|')})(?![\\w$-])(["'\`]?)`, 'g');
  const line = (text: string) => {
    for (const m of text.matchAll(at)) {
      const [before, after] = [text.slice(0, m.index), text.slice(m.index + m[0].length)];
      // A name the question gave in words (setting-terms.ts settingsInProse) is a setting where a string holds it, not where a
      // docstring quotes it in backticks (click's ``shell_completion`` module for "how do I enable shell completion?").
      const quoted = m[1] !== '' && m[1] === m[3] && !(inWords && m[1] === '`');
      // An environment variable set for a child process (`{ BABEL_ENV: "test" }`) is a key written, not the variable read.
      const declared =
        DECLARED_AFTER.test(before) && (screaming ? /^\s*=(?!=)/.test(after) || /#define\s+$/.test(before) : DECLARATION_END.test(after));
      if (quoted || declared || ENV_READ.test(before.slice(-40)) || BUILD_CONDITION.test(text)) return true;
    }
    return false;
  };
  // Most candidate chunks hold the index token in another shape (`maxcount` in a comment): one test of the whole text first.
  const any = new RegExp(at.source);
  return (text) => any.test(text) && text.split('\n').some((l) => l.length <= 2000 && line(l));
}

/**
 * Files read at most per name. A name in more is a common word (babel's `loose`, in 486 files: it doubled the time to
 * rank on babel); the flags set's names are in 71 files at most (vite's `force`).
 */
const MAX_FILES = 150;

/** The chunks holding the name as the index holds it (a compound whole `maxcount`, one word by its stem); none for a common word. */
function candidates(stats: IndexStats, name: string): number[] {
  const words = splitIdentifier(leafOf(name));
  const token = words.length > 1 ? words.join('') : stem(words[0] ?? '');
  const ids: number[] = [];
  const files = new Set<string>();
  if (token) stats.forEachPosting(token, (id) => void (ids.push(id), files.add(stats.chunk(id)!.path)));
  return files.size > MAX_FILES ? [] : ids;
}

/**
 * For each setting term (its text), the chunks that define or read the name (definesOrReads), each at 1, from
 * the chunks' texts as indexed.
 */
export async function findSettings(texts: ChunkTexts, terms: readonly SearchTerm[]): Promise<Map<string, Map<number, number>>> {
  const out = new Map<string, Map<number, number>>();
  for (const term of terms) {
    if (term.kind !== 'setting' || out.has(term.text)) continue;
    const found = new Map<number, number>();
    out.set(term.text, found);
    const test = definesOrReads(term.text, term.inWords);
    for (const id of candidates(texts.stats, term.text)) {
      const text = await texts.text(id);
      if (text !== undefined && test(text)) found.set(id, 1);
    }
  }
  return out;
}

/** The chunks writing each pasted message (message-match.ts) and those defining or reading each named setting, by term text. */
export async function findWritten(texts: ChunkTexts, terms: readonly SearchTerm[]): Promise<MessagesWritten> {
  const messages = await findMessages(texts, terms.filter((t) => t.kind === 'message').map((t) => t.text));
  for (const [text, found] of await findSettings(texts, terms)) if (!messages.has(text)) messages.set(text, found);
  return messages;
}
