import { execFileSync } from 'node:child_process';
import { lstatSync, readFileSync, readlinkSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createCommandToolset } from '../../../src/engine/tools/command-tools';
import { buildContext } from '../../../src/engine/context/build';
import { resolveMentions } from '../../../src/engine/mentions/index';
import type { CommandName } from '../../../src/engine/tools/commands';
import { createFileApplyEdit } from '../../../src/engine/plans/edits';
import { executePlan } from '../../../src/engine/plans/executor';
import { createNodeWorkspaceHost } from '../../../src/engine/tools/node-host';
import { runReadOnlyTool } from '../../../src/engine/tools/tool-runner';
import { validatePlan } from '../../../src/engine/plans/validate';
import { checkAttachment } from '../../../src/engine/workspace/attach-check';
import { discoverFiles } from '../../../src/engine/workspace/discovery';
import { explainPath } from '../../../src/engine/workspace/explain';
import type { DiscoveryOptions } from '../../../src/engine/workspace/types';
import { plan } from '../plans/helpers';
import { HIDDEN_MARKERS, makeHostileWorkspace, type HostileWorkspace } from './hostile-workspace';

// Issue 11 item 4 and issue 14 items 3, 5, 6, 7, 10, 15: one containment and visibility rule, so
// every surface (listing, explain, retrieval, mentions, tools, plans, attachments) gives the same
// verdict for the same path — links judged by where they lead, `..name` inside, case variants of
// always-hidden folders hidden, special files skipped instead of hanging.

const markers = Object.values(HIDDEN_MARKERS);
const leaks = (text: string) => markers.filter((m) => text.includes(m));

describe('one visibility rule across every surface', () => {
  let ws: HostileWorkspace;
  let opts: DiscoveryOptions;
  let host: ReturnType<typeof createNodeWorkspaceHost>;
  let listed: string[];
  before(async () => {
    ws = makeHostileWorkspace();
    // What `grounded query` / `plan check` read from query.yaml.
    opts = { root: ws.root, extraIgnore: ['gen/'], excludedFolders: ['vendor'] };
    host = createNodeWorkspaceHost({ root: ws.root, discovery: { extraIgnore: opts.extraIgnore, excludedFolders: opts.excludedFolders } });
    listed = (await discoverFiles(opts)).files.map((f) => f.path);
  });

  const hidden = [
    'notes.txt',
    'sec/helper.ts',
    'gitlink/config',
    'priv.ts',
    'gen-alias.ts',
    'outlink/data.txt',
    'dangling',
    '.env',
    '.agent/secrets/helper.ts',
    'private/helper.ts',
    'gen/secret.ts',
    'vendor/lib.ts',
    '.GIT/config',
    '.Agent/Secrets/helper.ts',
    '../outside.txt',
    '/etc/passwd',
  ];
  const visible = ['..notes.md', 'src/app.ts', 'app-alias.ts'];

  it('grounded files lists the visible files, `..notes.md` and a link to a visible file included, and none of the hidden ones', () => {
    for (const p of visible) assert.ok(listed.includes(p), `${p} is listed`);
    for (const p of hidden) assert.ok(!listed.includes(p), `${p} is not listed`);
    assert.ok(!listed.some((p) => p.startsWith('sec/') || p.startsWith('gitlink/') || p.startsWith('outlink/')));
  });

  it('explainPath agrees with the listing for every path', async () => {
    for (const p of visible) assert.equal((await explainPath(opts, p)).visible, true, p);
    for (const p of hidden) assert.equal((await explainPath(opts, p)).visible, false, p);
    assert.match((await explainPath(opts, 'notes.txt')).detail ?? '', /symbolic link to \.env, which is hidden/);
    assert.equal((await explainPath(opts, 'outlink/data.txt')).reason, 'symlink-outside');
  });

  it('a FIFO is skipped with a reason by listing and explain, and refused by /read without hanging', async (t) => {
    if (!ws.fifo) return t.skip('mkfifo is not available');
    const skipped = (await discoverFiles(opts)).skipped.find((s) => s.path === 'pipe.txt');
    assert.equal(skipped?.reason, 'special-file');
    const ex = await explainPath(opts, 'pipe.txt');
    assert.deepEqual([ex.visible, ex.reason], [false, 'special-file']);
    const read = await createCommandToolset({ host }).run({ kind: 'command', name: 'read', args: 'pipe.txt', body: '' });
    assert.match(read.content, /^Error: File 'pipe\.txt' is not readable by Grounded \(special-file\)/);
    const mention = await resolveMentions('see @pipe.txt', { discovery: opts });
    assert.equal(mention.attached.length, 0);
    const checked = await validatePlan(plan([{ id: 's1', tool: 'file_read', arguments: { path: 'pipe.txt' } }]), { host });
    assert.match(checked.issues.map((i) => i.message).join('\n'), /hidden from Grounded \(special-file/);
  });

  it('@mentions refuse every hidden path and attach `..notes.md`', async () => {
    for (const p of hidden.filter((x) => !x.startsWith('/') && !x.startsWith('../'))) {
      const r = await resolveMentions(`look at @${p}`, { discovery: opts });
      assert.equal(r.attached.length, 0, `@${p} was attached`);
    }
    const ok = await resolveMentions('look at @..notes.md', { discovery: opts });
    assert.equal(ok.attached[0]?.path, '..notes.md');
    for (const q of ['@grep:"helperFrom|DB_PASSWORD|SecretMarker|gitConfigMarker"', '@search:"helperFromSecrets DB_PASSWORD generatedSecretMarker"']) {
      const r = await resolveMentions(q, { discovery: opts });
      assert.deepEqual(leaks(r.attached.map((a) => a.text).join('\n')), [], q);
    }
  });

  it('/read, /grep, /symbols and /references give the same verdicts as the listing', async () => {
    const tools = createCommandToolset({ host });
    const run = (name: CommandName, args: string) => tools.run({ kind: 'command', name, args, body: '' });
    for (const p of hidden) assert.match((await run('read', p)).content, /^Error: /, `/read ${p}`);
    assert.match((await run('read', '..notes.md')).content, /^\.\.notes\.md#L1-2\n1: Notes/);
    assert.match((await run('read', 'app-alias.ts')).content, /visibleApp/);
    for (const [name, args] of <Array<[CommandName, string]>>[
      ['grep', 'helperFrom|DB_PASSWORD|SecretMarker|gitConfigMarker|outsideMarker'],
      ['references', HIDDEN_MARKERS.secretHelper],
      ['references', HIDDEN_MARKERS.privateHelper],
      ['references', HIDDEN_MARKERS.generated],
      ['search', 'helperFromPrivate generatedSecretMarker'],
    ]) {
      assert.deepEqual(leaks((await run(name, args)).content), [], `/${name} ${args}`);
    }
    for (const p of ['sec/helper.ts', '.agent/secrets/helper.ts', 'private/helper.ts', 'priv.ts', 'gen/secret.ts', 'vendor/lib.ts']) {
      const out = await run('symbols', p);
      assert.match(out.content, /^Error: /, `/symbols ${p}`);
      assert.deepEqual(leaks(out.content), []);
    }
  });

  it('retrieval never sends a hidden file, whatever the question', async () => {
    const ctx = await buildContext({
      root: ws.root,
      question: `${markers.join(' ')} helperFromSecrets DB_PASSWORD`,
      settings: { extraIgnore: opts.extraIgnore, excludedFolders: opts.excludedFolders },
    });
    assert.deepEqual(leaks(ctx.chunks.map((c) => c.text).join('\n')), []);
  });

  it('attachments the user picks are refused by the same rule', async () => {
    for (const p of ['notes.txt', 'sec/helper.ts', 'gitlink/config', 'priv.ts', 'outlink/data.txt']) {
      assert.ok(await checkAttachment(opts, path.join(ws.root, p), p), `${p} attached`);
    }
    assert.equal(await checkAttachment(opts, path.join(ws.root, '..notes.md'), '..notes.md'), undefined);
  });

  it(('plan validation: reads and writes through links to hidden places, into ignored paths or out of the workspace are invalid (exit 1 ' +
    'preconditions)'), async () => {
    const steps: Array<[string, Record<string, unknown>]> = [
      ['file_read', { path: 'notes.txt' }],
      ['file_read', { path: 'sec/helper.ts' }],
      ['file_read', { path: 'gen/secret.ts' }],
      ['file_read', { path: 'vendor/lib.ts' }],
      ['file_create', { path: 'gitlink/hooks/post-checkout', contents: '#!/bin/sh\n' }],
      ['file_create', { path: 'private/new.ts', contents: 'x' }],
      ['file_create', { path: 'new.log', contents: 'x' }],
      ['file_create', { path: 'gen/new.ts', contents: 'x' }],
      ['file_create', { path: 'sec/new.ts', contents: 'x' }],
      ['file_create', { path: 'outlink/new.txt', contents: 'x' }],
      ['file_create', { path: 'dangling', contents: 'x' }],
      ['file_create', { path: 'dangling/x.txt', contents: 'x' }],
      ['file_write', { path: 'notes.txt', contents: 'x' }],
      ['symbols_in_file', { path: 'sec/helper.ts', pattern: '*' }],
      ['symbols_in_file', { path: 'private/helper.ts', pattern: '*' }],
    ];
    for (const [tool, args] of steps) {
      const r = await validatePlan(plan([{ id: 's1', tool, arguments: args }]), { host });
      assert.equal(r.valid, false, `${tool} ${JSON.stringify(args)} passed validation`);
      assert.ok(
        r.issues.every((i) => i.code === 'precondition'),
        JSON.stringify(r.issues),
      );
    }
    const ok = await validatePlan(
      plan([
        { id: 's1', tool: 'file_read', arguments: { path: '..notes.md' } },
        { id: 's2', tool: 'file_create', arguments: { path: 'src/new.ts', contents: 'x' } },
      ]),
      { host },
    );
    assert.deepEqual(ok.issues, []);
  });

  it('the executor fails (not throws) a create through a dangling or outside link, and writes through a visible link without replacing it', async () => {
    const applyEdit = createFileApplyEdit(ws.root);
    const authorize = async () => 'accept' as const;
    for (const p of ['dangling/x.txt', 'outlink/new.txt', 'gitlink/hooks/post-checkout']) {
      const r = await executePlan({
        plan: plan([{ id: 's1', tool: 'file_create', arguments: { path: p, contents: 'x' } }]),
        host,
        mode: 'plan',
        authorize,
        applyEdit,
      });
      assert.equal(r.status, 'invalid', p);
    }
    // A link that appears between validation and the step: the step fails with the reason, nothing throws.
    const late = plan([
      { id: 's1', tool: 'file_read', arguments: { path: 'src/app.ts' } },
      { id: 's2', tool: 'file_create', arguments: { path: 'late/x.txt', contents: 'x' } },
    ]);
    const onStep = () => { try { symlinkSync(path.join(ws.outside, 'late'), path.join(ws.root, 'late')); } catch { /* made once */ } };
    const run = await executePlan({ plan: late, host, mode: 'plan', authorize, applyEdit, onStep });
    assert.deepEqual(run.steps.map((s) => s.status), ['succeeded', 'failed']);
    assert.match(run.steps[1].error ?? '', /Precondition failed: .*outside the workspace/);
    await assert.rejects(
      applyEdit({ kind: 'create', path: 'dangling/y.txt', before: null, after: { text: 'x', sha256: '' } } as never),
      /outside the workspace/,
    );
    assert.throws(() => lstatSync(path.join(ws.root, '.git', 'hooks', 'post-checkout')));
    const r = await executePlan({
      plan: plan([{ id: 's1', tool: 'file_write', arguments: { path: 'app-alias.ts', contents: 'export const changed = 1;\n' } }]),
      host,
      mode: 'plan',
      authorize,
      applyEdit,
    });
    assert.equal(r.steps[0].status, 'succeeded', JSON.stringify(r.steps[0]));
    assert.ok(lstatSync(path.join(ws.root, 'app-alias.ts')).isSymbolicLink(), 'the link is kept');
    assert.equal(readlinkSync(path.join(ws.root, 'app-alias.ts')), path.join('src', 'app.ts'));
    assert.equal(readFileSync(path.join(ws.root, 'src', 'app.ts'), 'utf8'), 'export const changed = 1;\n');
  });

  it('plan file_read and file_search return nothing hidden', async () => {
    const out = await runReadOnlyTool('file_search', { pattern: 'helperFrom|DB_PASSWORD|SecretMarker|gitConfigMarker' }, host);
    assert.deepEqual(leaks(out.text), []);
    await assert.rejects(runReadOnlyTool('file_read', { path: 'notes.txt' }, host), /not readable by Grounded/);
  });
});

describe('links found through git, not the walk', () => {
  it('a tracked link that an ignore rule matches is still judged by its target', async (t) => {
    const ws = makeHostileWorkspace();
    const git = (...args: string[]) => execFileSync('git', ['-C', ws.root, '-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { stdio: 'pipe' });
    try {
      git('init', '-q');
    } catch {
      return t.skip('git is not available');
    }
    symlinkSync('.env', path.join(ws.root, 'tracked-link.log'));
    git('add', '-f', 'tracked-link.log', 'src/app.ts');
    git('commit', '-qm', 'links');
    const listed = (await discoverFiles({ root: ws.root })).files.map((f) => f.path);
    assert.ok(listed.includes('src/app.ts'));
    assert.ok(!listed.includes('tracked-link.log'), 'a tracked link to .env is listed');
    assert.equal((await explainPath({ root: ws.root }, 'tracked-link.log')).visible, false);
  });
});
