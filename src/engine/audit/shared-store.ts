import path from 'node:path';
import { AuditStore } from './store';

const open = new Map<string, Promise<AuditStore>>();

/**
 * One AuditStore per database file in this process. The store persists by rewriting the whole
 * file, so two instances on one file (the plan features and the answers' memory, say) would
 * each overwrite what the other wrote; every surface of one process shares this one instead.
 */
export function openSharedStore(file: string): Promise<AuditStore> {
  const key = path.resolve(file);
  let store = open.get(key);
  if (!store) {
    store = AuditStore.open({ file: key });
    // A failed open is not remembered: the next caller tries again (the folder may exist by then).
    store.catch(() => open.delete(key));
    open.set(key, store);
  }
  return store;
}
