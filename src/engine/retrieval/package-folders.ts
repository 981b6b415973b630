import type { IndexStats } from './index-data';
import type { SearchTerm } from './terms';

// npm packages a question names (`@babel/traverse`) that the workspace keeps as folders (moved out of rank.ts at 300 lines).

/** The folder names a monorepo keeps an npm package in: `@babel/traverse` → babel-traverse, traverse. */
function packageFolders(text: string): string[] {
  const pkg = /^@([a-z0-9][\w.-]*)\/([a-z0-9][\w.-]*)$/.exec(text);
  return pkg ? [`${pkg[1]}-${pkg[2]}`, pkg[2]] : [];
}

/**
 * Package-name terms (`@babel/traverse`) whose package is kept in this workspace, each with the
 * folders holding it (lower case, with a trailing `/`): a folder of that name with a package.json.
 * A question naming a package is about the package's code more than about the files importing it.
 */
export function packagesInWorkspace(stats: IndexStats, terms: SearchTerm[]): Map<SearchTerm, string[]> {
  const found = new Map<SearchTerm, string[]>();
  const wanted = terms.flatMap((t) => (t.kind === 'path' ? [{ t, names: packageFolders(t.text) }] : [])).filter((w) => w.names.length);
  if (wanted.length === 0) return found;
  for (const rel of stats.paths()) {
    if (!rel.endsWith('package.json') || (rel.length > 12 && rel[rel.length - 13] !== '/')) continue;
    const dir = rel.slice(0, -'package.json'.length).toLowerCase();
    const name = dir.slice(dir.lastIndexOf('/', dir.length - 2) + 1, -1);
    for (const { t, names } of wanted) if (names.includes(name)) found.set(t, [...(found.get(t) ?? []), dir]);
  }
  return found;
}
