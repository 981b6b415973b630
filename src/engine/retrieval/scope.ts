// What a question's search is kept to when it mentions folders (`@src/auth/`): see SearchOptions.

/**
 * Whether a file is inside one of the folders a question is kept to (`@src/auth/`): every word
 * still weighs what it weighs in the whole workspace; only chunks outside are left out.
 */
export function inFolders(within: readonly string[] | undefined): (rel: string) => boolean {
  if (!within?.length) return () => true;
  return (rel) => within.some((folder) => rel.startsWith(folder));
}
