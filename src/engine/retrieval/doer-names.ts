/**
 * A file or folder named for what does a thing (digester.ex, reloader.ex, injector.ex, resolver.py, scheduler/)
 * is about doing it, but a question asks with the verb ("how are static assets digested?", "how is code reloaded?"),
 * whose stem (`digest`) is not the name's (`digester`: the stemmer keeps agent nouns, which code uses as words of
 * their own). A path's word ending in -er or -or also names its verb's stem, where four letters remain and a doubled
 * consonant is undone as the stemmer does (`wrapper` → wrap). Only paths: in a chunk's text `parser` and `parse` are
 * told apart as the code tells them apart.
 */
const DOER = /^([a-z]{4,})(?:er|or)$/;

export function doerRoot(word: string): string | undefined {
  const m = DOER.exec(word);
  if (!m) return undefined;
  const root = m[1];
  return root.length > 4 && /([b-df-hj-np-tv-z])\1$/.test(root) && !/(ss|ll)$/.test(root) ? root.slice(0, -1) : root;
}
