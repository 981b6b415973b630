import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Frame, Locator } from 'playwright-core';
import { openWithFixtureModel, sendQuestion, type Workbench } from './harness';

// A newcomer in a High Contrast theme (dark, then light) and in Light: High Contrast draws borders
// where other themes use fills, so every button, the focused control and the disabled buttons must
// keep a border or outline that stands out from the page (at least 3:1, WCAG's bar for the edges of
// controls). Checked in the Ask view and in the plan view while a step waits, each theme screenshotted.

let wb: Workbench;
const plan = {
  id: 'plan_e2e_themes',
  intent: 'MUTATE',
  steps: [
    { id: 's1', tool: 'file_read', arguments: { path: 'README.md' } },
    { id: 's2', tool: 'file_write', arguments: { path: 'README.md', contents: '# Acme Notes\n' } },
  ],
  evidence_referenced: [],
  explanation: 'Read the README, then shorten it.',
};

before(async () => {
  wb = await openWithFixtureModel('themes', [{ match: 'read the readme, then shorten it', reply: JSON.stringify(plan) }], {
    settings: { 'workbench.colorTheme': 'Default High Contrast' },
  });
});

after(async () => {
  await wb?.close();
});

/** An rgb()/rgba() colour's relative luminance (WCAG), or undefined when it is fully transparent. */
function luminance(color: string): number | undefined {
  const [r, g, b, a] = (color.match(/[\d.]+/g) ?? []).map(Number);
  if (a === 0) return undefined;
  const linear = [r, g, b].map((v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2];
}

/** The contrast of an element's edge (border or outline) against the page behind it; 1 when there is no edge. */
async function edgeContrast(target: Locator, edge: 'border' | 'outline'): Promise<{ ratio: number; style: string; color: string }> {
  // Only computed styles cross from the page: the arithmetic stays here.
  const got = await target.evaluate((el, which) => {
    const style = getComputedStyle(el);
    const border = which === 'border';
    return {
      color: border ? style.borderTopColor : style.outlineColor,
      style: border ? style.borderTopStyle : style.outlineStyle,
      width: parseFloat(border ? style.borderTopWidth : style.outlineWidth),
      page: getComputedStyle(document.body).backgroundColor,
    };
  }, edge);
  const line = luminance(got.color);
  const page = luminance(got.page) ?? 0;
  if (got.style === 'none' || got.width === 0 || line === undefined) return { ratio: 1, style: got.style, color: got.color };
  return { ratio: contrast(line, page), style: got.style, color: got.color };
}

/** Contrast between two colours (page colour for a transparent one). */
function contrast(a: number, b: number): number {
  const [light, dark] = [a, b].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The keyboard's focus ring stands out from the page and can be told from the control itself: it is
 * drawn apart from it (a gap of page colour), or differs from the control's own border and fill. A
 * ring on the control's edge in the colour of its High Contrast border looked like no focus at all.
 */
async function assertFocusRing(target: Locator, what: string): Promise<void> {
  await assertEdge(target, 'outline', what);
  const got = await target.evaluate((el) => {
    const style = getComputedStyle(el);
    const page = getComputedStyle(document.body).backgroundColor;
    return { ring: style.outlineColor, offset: parseFloat(style.outlineOffset), border: style.borderTopColor, fill: style.backgroundColor, page };
  });
  if (got.offset >= 1) return;
  const ring = luminance(got.ring)!;
  const page = luminance(got.page) ?? 0;
  const own = Math.min(contrast(ring, luminance(got.border) ?? page), contrast(ring, luminance(got.fill) ?? page));
  assert.ok(own >= 3, `${what}: its ring (${got.ring}) sits on its edge and differs from its border or fill only ${own.toFixed(2)}:1`);
}

async function assertEdge(target: Locator, edge: 'border' | 'outline', what: string): Promise<void> {
  const got = await edgeContrast(target, edge);
  assert.ok(got.ratio >= 3, `${what}: its ${edge} (${got.style} ${got.color}) stands out from the page only ${got.ratio.toFixed(2)}:1`);
}

/** The Ask view's buttons and the question box, and the keyboard's focus on a button. */
async function checkAskView(view: Frame, theme: string): Promise<void> {
  for (const id of ['#send', '#clear', '#model']) await assertEdge(view.locator(id), 'border', `${theme}: the Ask view's ${id} button`);
  await assertEdge(view.locator('#question'), 'border', `${theme}: the question box`);
  await checkFocusRings(view, theme);
}

/** The rings of the Ask button (Tab from the question box), of a citation chip and of an answer's Sources (focused after it, still by keyboard). */
async function checkFocusRings(view: Frame, theme: string): Promise<void> {
  await view.locator('#question').click();
  await wb.page.keyboard.press('Tab');
  await assertFocusRing(view.locator('#send'), `${theme}: the Ask button focused from the keyboard`);
  const chip = view.locator('.turn button.cite').first();
  await chip.focus();
  await assertFocusRing(chip, `${theme}: a citation chip focused from the keyboard`);
  const sources = view.locator('.turn details > summary').first();
  await sources.focus();
  await assertFocusRing(sources, `${theme}: the folded Sources of an answer focused from the keyboard`);
}

/** The plan view while a step waits: the question's box, its focused answer, the live and the disabled buttons. */
async function checkPlanView(planView: Frame, theme: string): Promise<void> {
  const decision = planView.locator('.decision');
  await assertEdge(decision, 'border', `${theme}: the box of the question a step waits on`);
  for (const label of ['Accept all remaining', 'Skip', 'Cancel plan']) {
    await assertEdge(decision.locator('button', { hasText: label }), 'border', `${theme}: the "${label}" button`);
  }
  // Reached from the keyboard, as the focus ring shows only then (:focus-visible).
  await decision.locator('p').click();
  await wb.page.keyboard.press('Tab');
  await assertFocusRing(decision.locator('button', { hasText: /^Run$/ }), `${theme}: the focused Run button`);
  const disabled = planView.locator('button', { hasText: 'Run step by step' });
  assert.ok(await disabled.isDisabled());
  assert.equal((await edgeContrast(disabled, 'border')).style, 'dashed', `${theme}: a disabled button's border is dashed`);
  await assertEdge(disabled, 'border', `${theme}: the disabled Run step by step`);
  const ink = (b: Locator) => b.evaluate((e) => getComputedStyle(e).color);
  const live = decision.locator('button', { hasText: 'Skip' });
  assert.notEqual(await ink(disabled), await ink(live), `${theme}: a disabled button is not written like a live one`);
}

const TITLE = 'High Contrast dark and light, and Light: borders, focus outlines and disabled buttons stand out in the Ask and plan views';

test(TITLE, { timeout: 300_000 }, async () => {
  await wb.waitForText(/Grounded: VS Code/, 90_000);
  await wb.page.keyboard.press('Control+Alt+G');
  const view = await wb.webviewWith('body[data-ready="true"] #question');
  const input = view.locator('#question');
  // An answer first, for its citation chip.
  await sendQuestion(input, 'where are API keys stored?');
  await view.locator('.turn button.cite').first().waitFor({ state: 'visible', timeout: 60_000 });
  await sendQuestion(input, '/plan read the readme, then shorten it');
  await view.locator('.turn .answer', { hasText: 'The plan is open beside this view' }).waitFor({ state: 'visible', timeout: 60_000 });
  const planView = await wb.webviewWith('#plan button');
  // Started from the keyboard: the question that appears takes the focus to its first answer, Run.
  await planView.locator('h1').click();
  await planView.locator('button', { hasText: 'Run step by step' }).focus();
  await wb.page.keyboard.press('Enter');
  await planView.locator('.decision').waitFor({ state: 'visible', timeout: 30_000 });
  assert.equal(await planView.locator('.decision button').first().evaluate((b) => b === document.activeElement), true, 'the keyboard is on Run');
  for (const [theme, kind, shot] of [
    ['Default High Contrast', 'hc-black', 'themes-hc-dark'],
    ['Default High Contrast Light', 'hc-light', 'themes-hc-light'],
    ['Default Light Modern', 'vs', 'themes-light'],
  ] as const) {
    if (theme !== 'Default High Contrast') await wb.setColorTheme(theme, kind);
    await checkPlanView(planView, theme);
    await wb.screenshot(`${shot}-plan-view`);
    await wb.page.keyboard.press('Control+Alt+G');
    await view.locator('#question').waitFor({ state: 'visible' });
    // Light themes draw buttons with fills, not borders: only the keyboard's focus must show there.
    if (kind !== 'vs') await checkAskView(view, theme);
    else await checkFocusRings(view, theme);
    await wb.screenshot(`${shot}-ask-view`);
  }
  await planView.locator('.decision button', { hasText: 'Cancel plan' }).click();
});
