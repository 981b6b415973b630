import type { DiagnosticInfo, ReferenceLocation, WorkspaceHost } from './host';

/** One folder of a window with several: the name its paths are written under (`name/rel`), and its host. */
export interface FolderHost {
  name: string;
  host: WorkspaceHost;
}

/**
 * The read-only tools' view of a window of several folders, where a question's context names files
 * `name/rel`: a path whose first segment names a folder is that folder's file, any other path is
 * the asking folder's (`own`, whose root the paths are normalised against), as in a window of one.
 * Listings, references and workspace diagnostics cover every folder, each path under its folder's
 * name; each folder's host keeps its own ignore rules.
 */
export function foldersHost(folders: FolderHost[], own: WorkspaceHost): WorkspaceHost {
  const route = (p: string): { host: WorkspaceHost; rel: string; name?: string } => {
    const slash = p.indexOf('/');
    const folder = folders.find((f) => f.name === (slash > 0 ? p.slice(0, slash) : p));
    if (!folder) return { host: own, rel: p };
    return { host: folder.host, rel: slash > 0 ? p.slice(slash + 1) : '.', name: folder.name };
  };
  const named = <T extends { path: string }>(name: string, items: T[]): T[] => items.map((i) => ({ ...i, path: `${name}/${i.path}` }));
  return {
    root: own.root,
    readText: (p) => { const r = route(p); return r.host.readText(r.rel); },
    stat: (p) => { const r = route(p); return r.rel === '.' ? Promise.resolve('directory') : r.host.stat(r.rel); },
    async listFiles() {
      const lists = await Promise.all(folders.map(async (f) => (await f.host.listFiles()).map((rel) => `${f.name}/${rel}`)));
      return lists.flat().sort();
    },
    documentSymbols: (p) => { const r = route(p); return r.host.documentSymbols(r.rel); },
    async references(symbol) {
      const found = await Promise.all(folders.map(async (f): Promise<ReferenceLocation[]> => named(f.name, await f.host.references(symbol))));
      return found.flat();
    },
    async diagnostics(p) {
      if (p === '.') {
        const all = await Promise.all(folders.map(async (f): Promise<DiagnosticInfo[]> => named(f.name, await f.host.diagnostics('.'))));
        return all.flat();
      }
      const r = route(p);
      const found = await r.host.diagnostics(r.rel);
      return r.name ? named(r.name, found) : found;
    },
    isTrusted: () => folders.every((f) => f.host.isTrusted()),
    async explain(p) {
      const r = route(p);
      return { ...(await r.host.explain(r.rel)), path: p };
    },
  };
}
