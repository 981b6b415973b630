import ignore from 'ignore';
import { tamedSetting } from './ignore-rules';
import type { EngineSettings } from '../config/settings';
import { escapeRegExp } from '../text/escape-regexp';


/**
 * Whether a root-relative path lies under a folder with one of the excluded names (its last part
 * is not judged: a file may be called `dist`). One regular expression over the path: no split
 * and no memo per folder (a large tree has tens of thousands of folders, each asked about once
 * per listing), and no copy of the path's folder.
 */
export function underExcludedFolder(names: ReadonlySet<string>): (rel: string) => boolean {
  // A name with a slash can never equal one part of a path, an empty one names no folder.
  const usable = [...names].filter((n) => n && !n.includes('/'));
  if (!usable.length) return () => false;
  const folderPart = new RegExp(`(?:^|/)(?:${usable.map(escapeRegExp).join('|')})/`);
  return (rel) => folderPart.test(rel);
}

/**
 * What the settings alone hide (extraIgnore patterns, excluded folder names), judged on a path:
 * for an index saved under other settings, before the files are listed again.
 */
export function hiddenBySettings(s: EngineSettings): (rel: string) => boolean {
  // Without patterns, no call into `ignore` per path (tens of thousands at every start).
  const extra = s.extraIgnore?.length ? ignore().add(s.extraIgnore.flatMap((p, i) => tamedSetting(p, String(i)))) : undefined;
  const inExcluded = underExcludedFolder(new Set(s.excludedFolders ?? []));
  return (rel) => (extra?.ignores(rel) ?? false) || inExcluded(rel);
}
