import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parsePlanValue } from '../../../src/engine/plans/schema';
import { intentWord } from '../../../src/engine/plans/intent-words';
import { distinctTitle, planTabTitle, planTitle, TAB_TITLE_CHARS } from '../../../src/engine/plans/plan-title';
import { executePlan } from '../../../src/engine/plans/executor';
import { splitAfterSlashes } from '../../../src/engine/text/path-breaks';
import { explanationRepeatsTitle } from '../../../src/vscode/plans/messages';
import { afterPlanNote, planMarkdown, planViewOf, unusablePlanMarkdown, withStepOutcome } from '../../../src/vscode/plans/plan-view-model';
import { hostFor, makeWorkspace } from './helpers';

// The chat's /plan answer names a plan as the plan panel does: in words, with the id as a detail.
const plan = parsePlanValue({
  id: 'plan_8288fd13-d628-49a1-84cd-aa9c115c292b',
  intent: 'MUTATE',
  steps: [{ id: 's1', tool: 'file_write', arguments: { path: 'README.md', contents: 'x\n' } }],
  evidence_referenced: [],
  explanation: 'Rename formatDuration to formatElapsed.',
});
const view = planViewOf(plan, { valid: true, issues: [] } as never, { evidenceSummary: [], trusted: true, edited: false });

describe('the plan in words', () => {
  it('titles the chat answer like the panel, with the intent in words and the id last', () => {
    const md = planMarkdown(view);
    const lines = md.split('\n');
    assert.equal(lines[0], '**Proposed plan: Rename formatDuration to formatElapsed** (Change)');
    assert.ok(!lines[0].includes('plan_8288'), 'the id is not the heading');
    assert.match(lines.at(-1)!, /^_Evidence cited: none · plan `plan_8288fd13-d628-49a1-84cd-aa9c115c292b`_$/);
    assert.equal(md.match(/Rename formatDuration to formatElapsed/g)?.length, 1, 'a one-sentence explanation is not repeated under its title');
  });

  it('keeps an explanation that says more than the title', () => {
    const longer = { ...view, explanation: 'Rename formatDuration. Callers are updated too.' };
    assert.equal(explanationRepeatsTitle({ title: 'Rename formatDuration', explanation: longer.explanation }), false);
    assert.match(planMarkdown({ ...longer, title: 'Rename formatDuration' }), /Callers are updated too\./);
  });

  it('heads the plan view with the whole first sentence, which the view wraps; a tab\'s short title is cut at a word, not inside a path', () => {
    const sentence = 'Read the README, then rewrite the key store in src/auth/keyStore.ts with a shorter body';
    const long = parsePlanValue({ ...plan, explanation: `${sentence}.` });
    const longView = planViewOf(long, { valid: true, issues: [] } as never, { evidenceSummary: [], trusted: true, edited: false });
    assert.equal(longView.title, sentence);
    assert.equal(explanationRepeatsTitle(longView), true, 'the one sentence is not shown again under the heading');
    assert.equal(planTitle(long), 'Read the README, then rewrite the key store in…');
    const unbroken = parsePlanValue({ ...plan, explanation: `Update ${'x'.repeat(80)}.` });
    assert.equal(planTitle(unbroken), `Update ${'x'.repeat(52)}…`, 'a word longer than half the title is cut where it must be');
    const paragraph = parsePlanValue({ ...plan, explanation: `${'word '.repeat(60)}end.` });
    const headed = planViewOf(paragraph, { valid: true, issues: [] } as never, { evidenceSummary: [], trusted: true, edited: false }).title;
    assert.ok(headed.length <= 200 && headed.endsWith('word…'), headed);
  });

  it('under a heading that is the first sentence, shows the rest of the explanation, not that sentence again', () => {
    const two = parsePlanValue({ ...plan, explanation: 'Add a closing note to `fastapi/exceptions.py`. Nothing else changes.' });
    const twoView = planViewOf(two, { valid: true, issues: [] } as never, { evidenceSummary: [], trusted: true, edited: false });
    assert.equal(twoView.title, 'Add a closing note to fastapi/exceptions.py');
    assert.equal(twoView.explanation, 'Nothing else changes.');
    assert.match(twoView.explanationHtml ?? '', /^<p>Nothing else changes\.<\/p>/);
    assert.equal(planMarkdown(twoView).match(/closing note/g)?.length, 1, 'the chat says the sentence once too');
    // A first sentence too long for a heading is cut there: the explanation keeps it whole.
    const long = parsePlanValue({ ...plan, explanation: `${'Rewrite the notes '.repeat(14)}now. Then stop.` });
    const longView = planViewOf(long, { valid: true, issues: [] } as never, { evidenceSummary: [], trusted: true, edited: false });
    assert.ok(longView.title.endsWith('…'));
    assert.equal(longView.explanation, long.explanation);
  });

  it('gives a tab a title short enough to read whole: the sentence when short, else the change and its file by name', () => {
    assert.equal(planTabTitle(plan), 'Change README.md', 'a 38-character sentence is too long for a tab');
    const short = parsePlanValue({ ...plan, explanation: 'Shorten the README.' });
    assert.equal(planTabTitle(short), 'Shorten the README');
    const two = parsePlanValue({
      ...plan,
      explanation: 'Add a closing note to fastapi/exceptions.py explaining where HTTPException comes from. Nothing else changes.',
      steps: [
        { id: 's1', tool: 'file_write', arguments: { path: 'fastapi/exceptions.py', contents: 'x\n' } },
        { id: 's2', tool: 'file_write', arguments: { path: 'docs/en/docs/tutorial/handling-errors.md', contents: 'y\n' } },
      ],
    });
    assert.equal(planTabTitle(two), 'Change exceptions.py and 1 more');
    assert.match(planTitle(two, 200), /^Add a closing note to fastapi\/exceptions\.py explaining where HTTPException comes from$/, 'the heading keeps it all');
    // A file whose name is itself long: the sentence, cut at a word, is the better short title.
    const deep = parsePlanValue({
      ...plan,
      explanation: 'Rewrite the notes about retries in the configuration guide.',
      steps: [{ id: 's1', tool: 'file_write', arguments: { path: 'docs/a-very-long-configuration-guide-name.md', contents: 'x\n' } }],
    });
    assert.equal(planTabTitle(deep), 'Rewrite the notes about…');
    for (const p of [plan, short, two, deep]) assert.ok(planTabTitle(p).length <= TAB_TITLE_CHARS, planTabTitle(p));
  });

  it('tells a second plan\'s tab from the first with the same title, and keeps the first as it is', () => {
    assert.equal(distinctTitle('Plan: Shorten the README', ['Plan: Change a.ts']), 'Plan: Shorten the README');
    assert.equal(distinctTitle('Plan: Shorten the README', ['Plan: Shorten the README']), 'Plan: Shorten the README (2)');
    // The smallest free number: a closed (2) is given again, an open (3) is not.
    assert.equal(distinctTitle('Plan: X', ['Plan: X', 'Plan: X (3)']), 'Plan: X (2)');
    assert.equal(distinctTitle('Plan: X', ['Plan: X', 'Plan: X (2)', 'Plan: X (3)']), 'Plan: X (4)');
  });

  it('says intents in words and leaves an unknown one as it is', () => {
    assert.deepEqual(['READ', 'MUTATE', 'QUERY', 'EXPLAIN', 'OTHER'].map(intentWord), ['Read', 'Change', 'Look up', 'Explain', 'OTHER']);
  });
});

describe('the chat line under a proposed plan', () => {
  it('says how to run it, or why it cannot run and the way out', () => {
    assert.match(afterPlanNote(true, true), /run it step by step or as a whole/);
    assert.match(afterPlanNote(false, true), /cannot run as it is: correct it with \*\*Edit plan\*\*/);
    // Untrusted comes first: every write step fails its precondition there, so the plan is invalid too.
    assert.match(afterPlanNote(false, false), /not trusted: Grounded writes nothing here\. Trust the folder to run it\./);
  });

  it('says the same in the Grounded view, where the plan is beside the view: an invalid plan is never "run it from there"', () => {
    for (const [valid, trusted] of [[true, true], [false, true], [false, false]] as const) {
      assert.equal(afterPlanNote(valid, trusted, 'this view'), afterPlanNote(valid, trusted).replace('beside the chat', 'beside this view'));
    }
    assert.doesNotMatch(afterPlanNote(false, true, 'this view'), /run it step by step/);
  });
});

describe('a reply that was no plan', () => {
  it('lists each reason as code that wraps (no code block to scroll), then what to do next', () => {
    const md = unusablePlanMarkdown(['Plan is not valid: no JSON object found in the reply', 'steps[0]: `tool` is missing']);
    assert.doesNotMatch(md, /```/);
    assert.match(md, /^- ` Plan is not valid: no JSON object found in the reply `$/m);
    // A reason holding backticks keeps them: its span is fenced with more backticks than it holds.
    assert.match(md, /^- `` steps\[0\]: `tool` is missing ``$/m);
    assert.match(md, /ask again, or choose another model\.$/);
  });
});

it('a heading\'s paths may wrap between their folders: split after each / inside a path, joined the same text', () => {
  const title = 'Add a closing comment to lib/sinatra/version.rb saying the release script bumps it';
  const parts = splitAfterSlashes(title);
  assert.deepEqual(parts, ['Add a closing comment to lib/', 'sinatra/', 'version.rb saying the release script bumps it']);
  assert.equal(parts.join(''), title);
  assert.deepEqual(splitAfterSlashes('either / or, and //comment'), ['either / or, and //comment'], 'a slash alone or doubled is no path');
});

describe('a step the user turned down', () => {
  it('says the decision and what was left as it was, never as an error', async () => {
    const read = parsePlanValue({
      ...plan,
      steps: [
        { id: 's1', tool: 'file_read', arguments: { path: 'README.md' } },
        { id: 's2', tool: 'file_write', arguments: { path: 'README.md', contents: 'x\n' } },
      ],
    });
    // Real runs, answered as the user would: the executor's outcomes are what the view is given.
    const notes = async (answers: Array<'accept' | 'reject' | 'cancel'>) => {
      const root = makeWorkspace({ 'README.md': '# Notes\n' });
      let shown = planViewOf(read, { valid: true, issues: [] } as never, { evidenceSummary: [], trusted: true, edited: false });
      let n = 0;
      await executePlan({ plan: read, host: hostFor(root), mode: 'step', authorize: async () => answers[n++], applyEdit: async () => {},
        onStep: (o) => { shown = withStepOutcome(shown, o); } });
      return shown.steps.map((s) => [s.status, s.note, s.error]);
    };
    assert.deepEqual(await notes(['reject', 'reject']), [
      ['rejected', 'You skipped this step: it did not run.', undefined],
      ['rejected', 'You rejected this change: README.md was left as it was.', undefined],
    ]);
    const cancelled = 'You cancelled the plan here: README.md was left as it was, and no later step ran.';
    assert.deepEqual((await notes(['accept', 'cancel']))[1], ['rejected', cancelled, undefined]);
    assert.deepEqual((await notes(['cancel']))[0], ['rejected', 'You cancelled the plan here: no step ran from this one on.', undefined]);
  });
});
