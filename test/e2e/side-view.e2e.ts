import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openWithFixtureModel, sendQuestion, type Workbench, waitForPanelScript } from './harness';

// A newcomer finds Grounded without knowing a command: its own icon in the activity bar opens the
// conversation in the side bar (also Ctrl+Alt+G), the status bar says from startup who answers,
// and the side-bar conversation is the same one an editor tab shows ("open in editor").

let wb: Workbench;

/** A file deep in a large repository's tree: its suggestion and its chip are longer than a narrow side bar. */
const DEEP = 'packages/a-rather-long-package-name/src/internal/helpers/deeplyNestedModule.ts';
/** Code whose deepest line is longer than a narrow side bar. */
const INDENTED = [
  'class Flask(App):',
  '    def handle_exception(self, e):',
  '        if self.config["PROPAGATE_EXCEPTIONS"] is not None and not self.debug and not self.testing: raise',
  '',
  '        return InternalServerError(original_exception=e)',
  '',
].join('\n');
/** Go indents with tabs: two levels of them. */
const TABBED = 'func handle(c *Context) {\n\tif c.IsAborted() {\n\t\treturn\n\t}\n}\n';
/** A short path with a hyphen (as `babel-parser`): its chip fits, and is not split at the hyphen. */
const SHORT = 'lib/my-parser.ts';

before(async () => {
  wb = await openWithFixtureModel('side-view', [
    { match: '^Question: where are keys kept', reply: 'In src/auth/keyStore.ts#L19-26, encrypted first.' },
    {
      match: '^Question: how wide is the window',
      reply: 'Start the server with `OLLAMA_CONTEXT_LENGTH=16384_OLLAMA_NUM_PARALLEL=1` as src/auth/keyStore.ts#L19-26 says.',
    },
    { match: '^Question: slow side-view', reply: 'Keys go through src/auth/keyStore.ts#L19-26 first, and only much later does this end.', delayMs: 4000 },
    {
      match: '^Question: show the indented code',
      reply: `Like this, in src/auth/keyStore.ts#L19-26:\n\n\`\`\`python\n${INDENTED}\`\`\`\n\nIn Go:\n\n\`\`\`go\n${TABBED}\`\`\`\n`,
    },
    {
      match: '^Question: where is deeplyNested exported',
      reply: `Both ${SHORT}#L1 and ${DEEP}#L1 export it; see ${SHORT}#L1 again, which sits at the end of a line of text.`,
    },
  ]);
});

after(async () => {
  await wb?.close();
});

const lastFrame = () => wb.lastWebview();

test('the status bar names who answers from startup, before anything is opened', { timeout: 120_000 }, async () => {
  const item = wb.page.locator('.statusbar-item', { hasText: /Grounded: VS Code/ }).first();
  await item.waitFor({ state: 'visible', timeout: 60_000 });
  assert.match(await item.innerText(), /Grounded: VS Code \S+/);
  await wb.screenshot('status-bar-startup');
});

test('Grounded has an icon in the activity bar; its view asks and answers with citations in the side bar', { timeout: 180_000 }, async () => {
  const icon = wb.page.locator('.activitybar .action-item a[aria-label^="Grounded"]').first();
  await icon.waitFor({ state: 'visible', timeout: 30_000 });
  await icon.click();
  const frame = lastFrame();
  const input = await waitForPanelScript(frame);
  await sendQuestion(input, 'where are keys kept?');
  const chip = frame.locator('.answer button.cite').first();
  await chip.waitFor({ state: 'visible', timeout: 60_000 });
  assert.equal((await chip.innerText()).trim(), 'src/auth/keyStore.ts#L19-26');
  await wb.screenshot('side-view-answer');
  // "Open in editor" from the view's title bar shows the same conversation in an editor tab.
  const openInEditor = 'a[aria-label="Open Grounded Panel"]';
  await wb.page
    .locator(`.part.sidebar .title-actions ${openInEditor}, .part.sidebar .actions-container ${openInEditor}`)
    .first()
    .click();
  await wb.page.locator('.tab.active', { hasText: 'Grounded' }).waitFor({ state: 'visible', timeout: 30_000 });
  await lastFrame().locator('.answer button.cite', { hasText: 'src/auth/keyStore.ts#L19-26' }).first().waitFor({ state: 'visible', timeout: 30_000 });
  await wb.screenshot('side-view-open-in-editor');
});

test('Ctrl+Alt+G brings the Grounded view back', { timeout: 120_000 }, async () => {
  await wb.runCommand('View: Close All Editors');
  await wb.runCommand('View: Close Primary Side Bar');
  await wb.page.locator('.part.sidebar').waitFor({ state: 'hidden', timeout: 15_000 });
  await wb.page.keyboard.press('Control+Alt+G');
  await wb.page.locator('.part.sidebar', { hasText: /Grounded: Ask/i }).waitFor({ state: 'visible', timeout: 30_000 });
  // The conversation is still there: the view shows the same turns after being hidden.
  await lastFrame().locator('.answer button.cite', { hasText: 'src/auth/keyStore.ts#L19-26' }).first().waitFor({ state: 'visible', timeout: 30_000 });
  await wb.screenshot('side-view-shortcut');
});

test('Ctrl+Alt+G from elsewhere puts the caret in the question box: a keyboard user types at once', { timeout: 120_000 }, async () => {
  const input = await waitForPanelScript(lastFrame());
  // Nothing inside the view holds the focus (as after tabbing out of it), and the focus is elsewhere.
  await input.evaluate((e) => (e as HTMLElement).blur());
  await wb.page.keyboard.press('Control+Shift+E');
  await wb.page.locator('.part.sidebar', { hasText: /Explorer/i }).waitFor({ state: 'visible', timeout: 15_000 });
  await wb.page.keyboard.press('Control+Alt+G');
  await wb.page.locator('.part.sidebar', { hasText: /Grounded: Ask/i }).waitFor({ state: 'visible', timeout: 30_000 });
  await input.waitFor({ state: 'visible' });
  await input.evaluate((e) => new Promise((resolve) => (document.activeElement === e ? resolve(true) : e.addEventListener('focus', resolve, { once: true }))));
  await wb.page.keyboard.type('typed at once', { delay: 5 });
  assert.equal(await input.inputValue(), 'typed at once');
  await input.fill('');
});

test('in the side bar Stop takes Ask\'s place while an answer is written: the question box and the other buttons stay where they were', {
  timeout: 180_000,
}, async () => {
  const frame = lastFrame();
  const input = await waitForPanelScript(frame);
  // Where the question box and the buttons beside Ask are, as the eye last saw them.
  const where = () => frame.locator('#ask').evaluate((form) => ['#question', '#clear', '#model'].map((s) => {
    const r = form.querySelector(s)!.getBoundingClientRect();
    return `${s} ${Math.round(r.left)},${Math.round(r.top)}`;
  }));
  const idle = await where();
  await sendQuestion(input, 'slow side-view: how do keys get stored?');
  const stop = frame.locator('#stop');
  await stop.waitFor({ state: 'visible', timeout: 60_000 });
  await frame.locator('.turn', { hasText: 'slow side-view' }).locator('.answer', { hasText: 'Keys go through' }).waitFor({ state: 'visible', timeout: 60_000 });
  assert.equal(await frame.locator('#send').isVisible(), false, 'Stop is in Ask\'s place');
  assert.deepEqual(await where(), idle, 'nothing moved when Stop appeared');
  await wb.screenshot('side-view-answering');
  // From the keyboard: the focus on Stop comes back to Ask, in the same place, once the answer stops.
  await stop.focus();
  await wb.page.keyboard.press('Enter');
  await frame.locator('.turn', { hasText: 'slow side-view' }).locator('.note.stopped').waitFor({ state: 'visible', timeout: 30_000 });
  await stop.waitFor({ state: 'hidden' });
  assert.equal(await frame.locator('#send').evaluate((b) => b === document.activeElement), true, 'the focus is on Ask');
  assert.deepEqual(await where(), idle, 'nothing moved when Stop went');
  await wb.screenshot('side-view-stopped');
});

test('"Show What Grounded Can See" counts the files in its title and gives the open file\'s verdict first', { timeout: 120_000 }, async () => {
  await wb.page.keyboard.press('Control+Shift+E');
  await wb.runCommand('Go to File...');
  await wb.page.keyboard.type('keyStore.ts', { delay: 5 });
  await wb.page.locator('.quick-input-list .monaco-list-row', { hasText: 'keyStore.ts' }).first().waitFor({ state: 'visible', timeout: 15_000 });
  await wb.page.keyboard.press('Enter');
  await wb.page.locator('.tab.active', { hasText: 'keyStore.ts' }).waitFor({ state: 'visible', timeout: 15_000 });
  // The editor takes the focus once it has opened; a list shown before that would be closed by it.
  await wb.page.locator('.editor-group-container.active .monaco-editor.focused').waitFor({ state: 'visible', timeout: 15_000 });
  await wb.runCommand('Grounded: Show What Grounded Can See');
  const title = wb.page.locator('.quick-input-title', { hasText: /^Grounded can read \d[\d,]* files/ });
  await title.waitFor({ state: 'visible', timeout: 60_000 });
  const first = wb.page.locator('.quick-input-list .monaco-list-row').first();
  assert.match((await first.innerText()).replace(/\s+/g, ' '), /Visible to Grounded: ?src\/auth\/keyStore\.ts/);
  // The counts stay in view while the list is filtered.
  await wb.page.locator('.quick-input-box input').fill('keyStore');
  const rows = wb.page.locator('.quick-input-list .monaco-list-row');
  await rows.filter({ hasText: 'keyStore' }).first().waitFor({ state: 'visible', timeout: 15_000 });
  const texts = (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  assert.ok(texts.includes('src/auth/keyStore.ts'), `the file's own row is listed: ${JSON.stringify(texts)}`);
  assert.ok(await title.isVisible());
  await wb.screenshot('side-view-visible-files');
  await wb.page.keyboard.press('Escape');
  // The next test starts from the Grounded view, as the earlier ones left it.
  await wb.page.keyboard.press('Control+Alt+G');
  await waitForPanelScript(lastFrame());
});


test('in a narrow side bar nothing of an answer is cut off at the edge: long paths and inline code wrap', { timeout: 180_000 }, async () => {
  mkdirSync(path.join(wb.folder, path.dirname(DEEP)), { recursive: true });
  writeFileSync(path.join(wb.folder, DEEP), 'export const deeplyNested = 1;\n');
  await wb.runCommand('View: Close All Editors');
  const sidebar = wb.page.locator('.part.sidebar');
  const box = (await sidebar.boundingBox())!;
  // The sash on the side bar's right edge, dragged as a person narrows the side bar.
  await wb.page.mouse.move(box.x + box.width + 1, box.y + box.height / 2);
  await wb.page.mouse.down();
  await wb.page.mouse.move(box.x + 180, box.y + box.height / 2, { steps: 10 });
  await wb.page.mouse.up();
  assert.ok(((await sidebar.boundingBox())?.width ?? 999) < 200, 'the side bar is narrow');
  const frame = lastFrame();
  const input = await waitForPanelScript(frame);
  await sendQuestion(input, 'how wide is the window? @src/auth/keyStore.ts#L19-26');
  const turn = frame.locator('.turn', { hasText: 'how wide is the window?' });
  await turn.locator('.answer code', { hasText: 'OLLAMA_CONTEXT_LENGTH' }).waitFor({ state: 'visible', timeout: 60_000 });
  await wb.screenshot('side-view-narrow');
  const cut = await turn.evaluate((el) => {
    const right = el.getBoundingClientRect().right + 1;
    return Array.from(el.querySelectorAll('.answer *:not(pre *):not(pre)'))
      .filter((e) => e.getBoundingClientRect().right > right)
      .map((e) => `${e.tagName} ${e.textContent?.slice(0, 40)}`);
  });
  assert.deepEqual(cut, [], 'parts of the answer run past the side bar\'s edge');

  // An @ suggestion too long for the list is cut at its start: the file name, where deep paths differ, stays in view.
  const label = frame.locator('#mentions .mention-label', { hasText: 'deeplyNestedModule.ts' }).first();
  for (let attempt = 0; ; attempt++) {
    await input.fill('');
    await input.focus();
    await input.pressSequentially('@deeplyNes', { delay: 40 });
    if (await label.waitFor({ state: 'visible', timeout: 10_000 }).then(() => true, () => false)) break;
    assert.ok(attempt < 3, 'the new file is suggested');
  }
  const shown = await label.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const text = el.firstElementChild!.firstChild as Text;
    // No helper function here: the test's transpiler would name it with a helper the page lacks.
    const range = document.createRange();
    range.setStart(text, text.length - 'Module.ts'.length);
    range.setEnd(text, text.length);
    const end = range.getBoundingClientRect();
    range.setStart(text, 0);
    range.setEnd(text, 'packages/'.length);
    const start = range.getBoundingClientRect();
    return { endInside: end.left >= box.left - 1 && end.right <= box.right + 1, startCut: start.right <= box.left + 1 };
  });
  await wb.screenshot('side-view-narrow-mention');
  assert.ok(shown.startCut, 'the path is cut at its start');
  assert.ok(shown.endInside, 'the end of the file name is in view');
  await input.press('Escape');
  await input.fill('');
});

test('in a narrow side bar a citation chip is one line: whole where it fits, cut at its start where it does not', { timeout: 180_000 }, async () => {
  mkdirSync(path.join(wb.folder, path.dirname(DEEP)), { recursive: true });
  writeFileSync(path.join(wb.folder, DEEP), 'export const deeplyNested = 1;\n');
  mkdirSync(path.join(wb.folder, 'lib'), { recursive: true });
  writeFileSync(path.join(wb.folder, SHORT), 'export { deeplyNested } from "../packages/a-rather-long-package-name";\n');
  const frame = lastFrame();
  const input = await waitForPanelScript(frame);
  await sendQuestion(input, `where is deeplyNested exported? @${SHORT} @${DEEP}`);
  const turn = frame.locator('.turn', { hasText: 'where is deeplyNested exported?' });
  await turn.locator('.answer button.cite').nth(2).waitFor({ state: 'visible', timeout: 60_000 });
  await wb.screenshot('side-view-narrow-chips');
  const chips = await turn.locator('.answer button.cite').evaluateAll((els) => els.map((el) => {
    const box = el.getBoundingClientRect();
    const text = el.firstElementChild!.firstChild as Text;
    const range = document.createRange();
    range.setStart(text, text.length - 'Module.ts#L1'.length);
    range.setEnd(text, text.length);
    const end = range.getBoundingClientRect();
    const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.5;
    return {
      path: text.data, lines: el.getClientRects().length, tall: box.height > 1.8 * lineHeight, cut: el.scrollWidth > el.clientWidth + 1,
      endInside: end.left >= box.left - 1 && end.right <= box.right + 1,
      right: box.right, edge: el.closest('.turn')!.getBoundingClientRect().right + 1,
    };
  }));
  assert.equal(chips.length, 3, JSON.stringify(chips));
  for (const c of chips) {
    assert.ok(c.lines === 1 && !c.tall, `${c.path}: one line, not wrapped (${JSON.stringify(c)})`);
    assert.ok(c.right <= c.edge, `${c.path}: not past the side bar's edge`);
  }
  const [short, deep, again] = chips;
  assert.ok(!short.cut && !again.cut, `${SHORT}: fits, so shown whole (${JSON.stringify([short, again])})`);
  assert.ok(deep.cut, 'the deep path does not fit: it is cut');
  assert.ok(deep.endInside, 'the end of the deep file name and its lines stay in view');
});

test('in a narrow side bar a long code line wraps under its own indentation, a tab is two columns, and Copy still copies the code as it is', { timeout: 180_000 }, async () => {
  const frame = lastFrame();
  const input = await waitForPanelScript(frame);
  await sendQuestion(input, 'show the indented code @src/auth/keyStore.ts#L19-26');
  const turn = frame.locator('.turn', { hasText: 'show the indented code' });
  // The answer is drawn again as it streams: its code is measured once the turn has ended (its sources are listed).
  await turn.locator('details.sources').waitFor({ state: 'attached', timeout: 60_000 });
  const block = turn.locator('.answer pre.code-block').first();
  await block.waitFor({ state: 'visible', timeout: 60_000 });
  await block.scrollIntoViewIfNeeded();
  await wb.screenshot('side-view-narrow-code');
  const wrap = await block.evaluate((pre) => {
    const code = pre.querySelector('code')!;
    const line = Array.from(code.querySelectorAll('.line')).find((l) => l.textContent!.includes('PROPAGATE_EXCEPTIONS'))!;
    const range = document.createRange();
    range.selectNodeContents(line);
    const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
    const first = rects.reduce((a, r) => (r.top < a.top || (r.top === a.top && r.left < a.left) ? r : a));
    const later = rects.filter((r) => r.top > first.top + first.height / 2);
    return {
      codeLeft: code.getBoundingClientRect().left,
      textLeft: line.querySelector('.text')!.getBoundingClientRect().left,
      laterLeft: Math.min(...later.map((r) => r.left)),
      wrapped: later.length > 0,
      ch: ((k) => k.getBoundingClientRect().width / k.textContent!.length)(code.querySelector('.hljs-keyword')!),
      text: code.textContent,
    };
  });
  assert.ok(wrap.wrapped, `the long line wraps in the narrow side bar (${JSON.stringify(wrap)})`);
  const cols = (wrap.textLeft - wrap.codeLeft) / wrap.ch;
  assert.ok(cols > 3.5 && cols < 4.5, `8 spaces of indentation are 4 columns here, as 2 tabs are (${cols}, ${JSON.stringify(wrap)})`);
  assert.ok(wrap.laterLeft > wrap.textLeft + wrap.ch, `a wrapped part starts right of the line's own code, not at the edge (${JSON.stringify(wrap)})`);
  assert.equal(wrap.text, INDENTED, 'the code element holds the code exactly, indentation and line breaks included');
  // Go indents with tabs: a tab is the editor's columns (two here), not the browser's eight, and the code keeps its tabs.
  const go = await turn.locator('.answer pre.code-block').nth(1).evaluate((pre) => {
    const range = document.createRange();
    range.selectNodeContents(Array.from(pre.querySelectorAll('.line .text')).find((t) => t.textContent!.trim() === 'return')!);
    const word = Array.from(range.getClientRects()).find((r) => r.width > 0)!;
    return { indentCh: (word.left - pre.querySelector('code')!.getBoundingClientRect().left) / (word.width / 6), code: pre.textContent };
  });
  assert.ok(go.indentCh > 3.5 && go.indentCh < 4.5, `two tabs are four columns (${JSON.stringify(go)})`);
  assert.ok(go.code!.includes(TABBED), 'the code keeps its tabs');
});
