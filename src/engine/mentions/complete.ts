// @mention completions for the Grounded panel's question box: which token the caret is in, and
// which files (and fixed mention kinds) to offer for it. Pure: no file system, no VS Code, so the
// webview bundles `mentionTokenAt` and the extension runs `rankMentions` over paths it already has.

/** One suggestion: what the list shows, what replaces the typed `@token`, and a hint on the right. */
export interface MentionCompletion { label: string; insert: string; detail?: string }

export const MAX_COMPLETIONS = 8;

/** The fixed mention kinds, offered when the typed prefix starts their keyword. */
const FIXED: { keyword: string; insert: string; detail: string }[] = [
  { keyword: 'search:', insert: '@search:""', detail: 'lines containing text' },
  { keyword: 'grep:', insert: '@grep:""', detail: 'lines matching a regex' },
  { keyword: 'url:', insert: '@url:', detail: 'a web page as text' },
];

/** Characters a mentionable path may hold (as the mention parser reads them). */
const PATH_CHARS = /^[\w./@+~-]+$/;
/** A path in or to a dotfile (`.gitignore`, `.github/…`): not worth offering before anything is typed. */
const DOTTED = /(^|\/)\./;
/** An `@` right after one of these is inside a word or an e-mail address, not a mention. */
const WORD_BEFORE = /[\w.+@-]/;

/**
 * The `@token` being typed at `caret`: its start (the `@`) and the text after the `@` up to the
 * caret, when it starts a word and is outside inline code or a code block (an odd number of
 * backticks before it). Undefined when the caret is not in a mention.
 */
export function mentionTokenAt(text: string, caret: number): { start: number; prefix: string } | undefined {
  let i = caret;
  while (i > 0 && !/[\s@`]/.test(text[i - 1])) i--;
  if (i === 0 || text[i - 1] !== '@') return undefined;
  const start = i - 1;
  if (start > 0 && WORD_BEFORE.test(text[start - 1])) return undefined;
  let ticks = 0;
  for (let k = 0; k < start; k++) if (text.charCodeAt(k) === 96) ticks++;
  if (ticks % 2 === 1) return undefined;
  return { start, prefix: text.slice(start + 1, caret) };
}

const basename = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/** True when every character of `q` appears in `s` in order. */
function subsequence(q: string, s: string): boolean {
  let j = 0;
  for (let i = 0; i < s.length && j < q.length; i++) if (s[i] === q[j]) j++;
  return j === q.length;
}

/** How well `path` matches `q` (lower is better), or undefined when it does not. */
function tier(q: string, path: string): number | undefined {
  const p = path.toLowerCase();
  const base = basename(p);
  if (base.startsWith(q)) return 0;
  if (base.includes(q)) return 1;
  if (p.startsWith(q)) return 2;
  if (p.includes(q)) return 3;
  if (subsequence(q, base)) return 4;
  if (subsequence(q, p)) return 5;
  return undefined;
}

/**
 * Ranks completions for `prefix` (the text after `@`, without it). Files come from `allPaths`
 * (workspace-relative POSIX paths Grounded may read); `openPaths` are the open editors' paths,
 * which come first but only when they are in `allPaths` too, so a hidden file is never offered.
 * Within each group: basename prefix, basename substring, path prefix, path substring, then fuzzy
 * (characters in order); shorter paths first. The fixed kinds whose keyword starts with the
 * prefix come first once two letters are typed (`@gr` means `@grep:` far more often than a file
 * with g…r in its path), after the files for a single letter; at most `max` items in all. `@`
 * alone lists what can be mentioned: a few files (open editors, then the shortest paths, no
 * dotfiles) and every fixed kind.
 */
export function rankMentions(prefix: string, openPaths: readonly string[], allPaths: readonly string[], max = MAX_COMPLETIONS): MentionCompletion[] {
  const q = prefix.toLowerCase();
  const fixed = FIXED.filter((f) => f.keyword.startsWith(q) && f.keyword !== q);
  const visible = new Set(allPaths);
  const open = new Set(openPaths.filter((p) => visible.has(p)));
  const scored: { path: string; key: [number, number, number] }[] = [];
  if (!q.includes(':')) {
    for (const path of visible) {
      if (!PATH_CHARS.test(path) || (!q && !open.has(path) && DOTTED.test(path))) continue;
      const t = tier(q, path);
      if (t !== undefined) scored.push({ path, key: [open.has(path) ? 0 : 1, t, path.length] });
    }
  }
  scored.sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2] || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const files = scored.slice(0, Math.max(0, max - fixed.length)).map(({ path }): MentionCompletion => ({
    label: path, insert: `@${path} `, detail: open.has(path) ? 'open editor' : undefined,
  }));
  const kinds = fixed.map((f) => ({ label: f.insert, insert: f.insert, detail: f.detail }));
  const folders = folderCompletions(q, allPaths);
  return (q.length >= 2 ? [...kinds, ...folders, ...files] : [...files, ...kinds]).slice(0, max);
}

/** How many folders are offered at most: a path being typed wants its files more. */
const MAX_FOLDERS = 2;

/**
 * Once a path with a `/` is typed (`@src/au`), the folders it starts, shortest first: mentioning
 * one (`@src/auth/`) keeps the question's search inside it.
 */
function folderCompletions(q: string, allPaths: readonly string[]): MentionCompletion[] {
  if (!q.includes('/') || q.includes(':')) return [];
  const found = new Set<string>();
  for (const p of allPaths) {
    if (!PATH_CHARS.test(p) || !p.toLowerCase().startsWith(q.slice(0, q.lastIndexOf('/') + 1))) continue;
    for (let cut = p.indexOf('/'); cut > 0; cut = p.indexOf('/', cut + 1)) {
      const folder = p.slice(0, cut + 1);
      if (folder.toLowerCase().startsWith(q) && folder.length > q.length) found.add(folder);
    }
  }
  return [...found]
    .sort((a, b) => a.length - b.length || (a < b ? -1 : 1))
    .slice(0, MAX_FOLDERS)
    .map((folder) => ({ label: folder, insert: `@${folder} `, detail: 'search only this folder' }));
}
