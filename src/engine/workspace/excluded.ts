import ignore from 'ignore';
import type { EngineSettings } from '../config/settings';

/**
 * Whether a root-relative folder ('.' is the root) is, or lies under, a folder with one of the
 * excluded names. Judged once per folder (a large tree has far fewer folders than files), and the
 * previous folder's verdict is reused at once: listings give a folder's files one after another.
 */
export function excludedFolderTest(names: ReadonlySet<string>): (folder: string) => boolean {
  const verdicts = new Map<string, boolean>();
  let last = { folder: '', excluded: false };
  return (folder) => {
    if (folder === last.folder) return last.excluded;
    let excluded = verdicts.get(folder);
    if (excluded === undefined) {
      excluded = folder !== '.' && folder.split('/').some((part) => names.has(part));
      verdicts.set(folder, excluded);
    }
    last = { folder, excluded };
    return excluded;
  };
}

/**
 * What the settings alone hide (extraIgnore patterns, excluded folder names), judged on a path:
 * for an index saved under other settings, before the files are listed again.
 */
export function hiddenBySettings(s: EngineSettings): (rel: string) => boolean {
  // Without patterns, no call into `ignore` per path (tens of thousands at every start).
  const extra = s.extraIgnore?.length ? ignore().add(s.extraIgnore) : undefined;
  const excluded = new Set(s.excludedFolders ?? []);
  const inExcluded = excludedFolderTest(excluded);
  return (rel) => (extra?.ignores(rel) ?? false) || (excluded.size > 0 && rel.includes('/') && inExcluded(rel.slice(0, rel.lastIndexOf('/'))));
}
