import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  addArtifact,
  addMessage,
  finishExecution,
  recordAuthorization,
  recordDiagnostics,
  recordPlan,
  startExecution,
} from '../../../src/engine/audit/records';
import { AuditStore } from '../../../src/engine/audit/store';

/** A store whose clock the test moves, in a fresh temp folder. */
export async function freshStore(start = 1_700_000_000_000) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'grounded-audit-'));
  let now = start;
  let n = 0;
  const store = await AuditStore.open({ file: path.join(dir, 'grounded.db'), clock: () => now, newId: () => `id${++n}` });
  return { store, dir, advance: (ms: number) => { now += ms; }, now: () => now };
}

/** A small history: lsp_check sees E0425 twice in src/lib.rs, two splice_patch attempts (one failed). */
export async function seededStore() {
  const s = await freshStore();
  const { store, advance } = s;
  recordPlan(store, {
    id: 'p1',
    intent: 'MUTATE',
    plan: { id: 'p1' },
    validation: { valid: true, issues: [] },
    evidence: { cited: ['Q8'], summary: ['- Q8 (prior_fixes): none'] },
  });
  const check1 = startExecution(store, { planId: 'p1', stepId: 's1', tool: 'lsp_check', args: { path: '.' }, path: '.' });
  recordDiagnostics(store, check1, [{ path: 'src/lib.rs', line: 3, code: 'E0425', severity: 'error', message: 'cannot find value `x`' }]);
  finishExecution(store, check1, 'succeeded');
  advance(1234);
  const fix1 = startExecution(store, {
    planId: 'p1',
    stepId: 's2',
    tool: 'splice_patch',
    args: { file: 'src/lib.rs', symbol: 'foo', with: '' },
    path: 'src/lib.rs',
  });
  recordAuthorization(store, { planId: 'p1', stepId: 's2', decision: 'accept', mode: 'step' });
  finishExecution(store, fix1, 'failed', "splice_patch failed: symbol 'foo' not found in 'src/lib.rs'");
  advance(1000);
  const check2 = startExecution(store, { tool: 'lsp_check', args: { path: '.' }, path: '.' });
  recordDiagnostics(store, check2, [{ path: 'src/lib.rs', line: 3, code: 'E0425', severity: 'error', message: 'cannot find value `x`' }]);
  finishExecution(store, check2, 'succeeded');
  advance(5678);
  const fix2 = startExecution(store, { tool: 'splice_patch', args: { file: 'src/lib.rs', symbol: 'bar', with: '' }, path: 'src/lib.rs' });
  addArtifact(store, fix2, 'applied', { path: 'src/lib.rs', kind: 'modify' });
  finishExecution(store, fix2, 'succeeded');
  addMessage(store, 'c1', 'user', 'How does the parser handle trailing commas?');
  addMessage(store, 'c1', 'tool', '🔧 TOOL RESULT — READ\n\nparser secret tool text\n\n---');
  addMessage(store, 'c1', 'assistant', 'The parser accepts trailing commas in arrays (src/parse.ts#L10-20).');
  return { ...s, ids: { check1, fix1, check2, fix2 } };
}
