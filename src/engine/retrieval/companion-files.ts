/**
 * Files a program ships for other tools to describe it rather than being it: shell completion scripts (ripgrep's
 * `crates/core/flags/complete/rg.zsh`, fd's `contrib/completion/_fd`, bat's `assets/completions/bat.fish.in`) and editor
 * support (nginx's `contrib/vim/syntax/nginx.vim`). Each lists every flag, subcommand or directive with a line of help, in
 * the words of a question about what the program does: fd's `_fd` came first for "how does fd stop after the maximum
 * number of results?", `rg.zsh` before the searcher for "how are compressed files searched?", `nginx.vim` before the
 * proxy module for a pasted "unknown directive". They count as docs do unless the question asks about completion, a
 * shell or an editor. The code that generates them (ripgrep's `complete/zsh.rs`, cobra's `zsh_completions.go`) is code.
 */
export const COMPANION_FACTOR = 0.5;

/**
 * A shell script, or a file without an extension (zsh's `_fd`), in a folder named for completion; or any file in a
 * folder named for an editor. Anchored at the end or the start: this runs once for every file a question scores.
 */
export const COMPANION_PATH = new RegExp(
  String.raw`(^|\/)[\w.-]*complet\w*\/(?:[^/]+\/)*(?:_[\w-]+|[^/.]+|[^/]+\.(?:zsh|fish|bash|ps1|sh|nu|elv)(?:\.in)?)$|` +
    String.raw`(^|\/)(vim|nvim|emacs|editors?|sublime|textmate)\/`,
  'i',
);

/** Words of a question about completion, shells or editors (stemmed, as terms are). */
export const COMPANION_WORDS = new Set([
  'complet', 'autocomplet', 'shell', 'zsh', 'bash', 'fish', 'powershell', 'nushell', 'elvish', 'vim', 'nvim', 'neovim', 'emac',
  'editor', 'sublim', 'textmat',
]);
