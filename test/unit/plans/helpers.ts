import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChatMessage, Provider, ProviderRequest } from '../../../src/engine/llm/types';
import { explainPath } from '../../../src/engine/workspace/discovery';
import { createNodeWorkspaceHost } from '../../../src/engine/tools/node-host';
import { parsePlanValue, type Plan } from '../../../src/engine/plans/schema';
import type { AuditStore } from '../../../src/engine/audit/store';
import { createFileApplyEdit } from '../../../src/engine/plans/edits';
import { executePlan } from '../../../src/engine/plans/executor';

/** A temp workspace with the given files (workspace-relative path → text). */
export function makeWorkspace(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'grounded-plans-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}

export function hostFor(root: string, trusted = true) {
  return createNodeWorkspaceHost({ root, explain: (p) => explainPath({ root }, p), trusted });
}

export function plan(steps: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}): Plan {
  return parsePlanValue({ id: 'plan_1', intent: 'MUTATE', steps, evidence_referenced: [], ...extra });
}

export const sampleTs = `import { x } from './x';

/** Adds. */
export function add(a: number, b: number): number {
  return a + b;
}

export class Calc {
  total = 0;
  add(n: number): void {
    this.total += n;
  }
}

export const VERSION = '1.0';
`;

/** A local Provider that replies from a script and records what it was sent. */
export function scriptedProvider(replies: (req: ProviderRequest, call: number) => string): Provider & { requests: ChatMessage[][] } {
  const requests: ChatMessage[][] = [];
  return {
    id: 'fake', model: 'scripted', requests,
    async *stream(req) {
      requests.push([...req.messages]);
      yield { type: 'text', text: replies(req, requests.length) };
    },
  };
}

/** Runs, accepted and audited in `store`, the one-step plan that writes `B` into a.txt of `root`. */
export function runAcceptedWrite(root: string, store: AuditStore) {
  return executePlan({
    plan: plan([{ id: 's1', tool: 'file_write', arguments: { path: 'a.txt', contents: 'B\n' } }]),
    host: hostFor(root),
    authorize: async () => 'accept',
    applyEdit: createFileApplyEdit(root),
    mode: 'step',
    store,
  });
}
