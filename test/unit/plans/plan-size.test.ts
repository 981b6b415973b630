import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { main } from '../../../src/cli/main';
import { MAX_PLAN_STEPS, parsePlanText, PlanParseError } from '../../../src/engine/plans/schema';
import { makeWorkspace } from './helpers';
import { captureStreams as capture } from '../../support/cli-io';

const steps = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `s${i}`, tool: 'file_read', arguments: { path: 'src/a.ts' } }));

test('plan check refuses a plan of 120 000 steps before validating any of them (issue 14, item 13)', { timeout: 60_000 }, async () => {
  const root = makeWorkspace({ 'src/a.ts': 'export function f() {}\n' });
  // 8 MB of JSON: refused by its size before it is even read.
  writeFileSync(path.join(root, 'huge.json'), JSON.stringify({ id: 'p', intent: 'READ', steps: steps(120_000) }));
  const c = capture(root);
  assert.equal(await main(['plan', 'check', 'huge.json'], c.io), 1);
  assert.match(c.out.stdout, /^Plan is not valid: \d+ bytes, more than the limit of 1048576 \(1 MiB\)\n$/);
  // Compact enough to be under 1 MiB, still far too many steps: refused by their count.
  writeFileSync(path.join(root, 'long.json'), JSON.stringify({ id: 'p', intent: 'READ', steps: steps(5000) }));
  const l = capture(root);
  assert.equal(await main(['plan', 'check', 'long.json'], l.io), 1);
  assert.equal(l.out.stdout, `Plan is not valid: steps: 5000 steps, more than the limit of ${MAX_PLAN_STEPS}\n`);
  const j = capture(root);
  assert.equal(await main(['plan', 'check', 'long.json', '--json'], j.io), 1);
  assert.equal(JSON.parse(j.out.stdout).errors[0].code, 'schema');
});

test('plan check refuses a plan file over 1 MiB by its size, and a model reply the same way', async () => {
  const root = makeWorkspace({ 'src/a.ts': 'export function f() {}\n' });
  const big = JSON.stringify({ id: 'p', intent: 'READ', explanation: 'x'.repeat(2 * 1024 * 1024), steps: steps(1) });
  writeFileSync(path.join(root, 'big.json'), big);
  const c = capture(root);
  assert.equal(await main(['plan', 'check', 'big.json'], c.io), 1);
  assert.match(c.out.stdout, /^Plan is not valid: \d+ bytes, more than the limit of 1048576 \(1 MiB\)\n$/);
  assert.throws(() => parsePlanText(big), (e: PlanParseError) => e instanceof PlanParseError && /Split the change into smaller plans/.test(e.suggestion));
});

test(`a plan of exactly ${MAX_PLAN_STEPS} steps is still checked as usual`, async () => {
  const root = makeWorkspace({ 'src/a.ts': 'export function f() {}\n' });
  writeFileSync(path.join(root, 'ok.json'), JSON.stringify({ id: 'p', intent: 'READ', steps: steps(MAX_PLAN_STEPS) }));
  const c = capture(root);
  assert.equal(await main(['plan', 'check', 'ok.json'], c.io), 0, c.out.stdout);
});
