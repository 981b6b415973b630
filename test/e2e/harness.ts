// End-to-end harness: a real workbench (code-server + headless Chromium, see
// scripts/vscode/workbench.mjs) and the few gestures a person makes in it. Screenshots go to
// test-results/screenshots/<name>.png; the server's logs to test-results/vscode-logs/e2e-<name>/.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Frame, FrameLocator, Locator, Page } from 'playwright-core';
import { copyLogs, loadWorkbench, repoRoot, startWorkbench, type WorkbenchOptions, type WorkbenchSession } from '../../scripts/vscode/workbench.mjs';
import { ensureVsCodeSetup } from '../../scripts/vscode/setup.mjs';

/**
 * Waits until the Grounded panel's script has attached its listeners. The question box is visible
 * as soon as the HTML renders, and an Enter pressed before the script runs only adds a new line.
 */
export async function waitForPanelScript(frame: FrameLocator): Promise<Locator> {
  await frame.locator('body[data-ready="true"]').waitFor({ state: 'attached', timeout: 30_000 });
  const input = frame.locator('#question');
  await input.waitFor({ state: 'visible' });
  return input;
}

/**
 * Types `question` in a Grounded view's box and sends it with Enter, as a person does. Sent, the box
 * is emptied: two fresh-clone runs once kept the question there for a minute (the Enter lost as a
 * view was revealed), so Enter waits until the box has the keyboard, and a question still in the box
 * after 15 s gets Enter again. Never sent twice: a sent question has left the box. Never sent at all,
 * the test fails here, saying so, not at a later wait for what the question would have opened.
 */
export async function sendQuestion(input: Locator, question: string): Promise<void> {
  await input.fill(question);
  await focusedIn(input);
  await input.press('Enter');
  for (let attempt = 0; attempt < 3; attempt++) {
    const until = Date.now() + 15_000;
    while (Date.now() < until && (await input.inputValue()) !== '') await new Promise((r) => setTimeout(r, 250));
    if ((await input.inputValue()) === '') return;
    // Said on stderr so that the next lost Enter comes with where the keyboard was.
    console.error(`sendQuestion: Enter pressed again, the box still holds the question (${await focusedIn(input)})`);
    await input.press('Enter');
  }
  throw new Error(`the question "${question}" was never sent: the box still holds it after three Enters`);
}

/**
 * Waits until the box is where keys go: its page has the window's focus and the box is its active
 * element. A view being revealed (Ctrl+Alt+G reaches the view through the extension host) takes
 * the focus a moment after its page is found; a key pressed before that goes to where the focus was.
 */
async function focusedIn(input: Locator): Promise<string> {
  const where = () => input.evaluate((el) => `window focused: ${document.hasFocus()}, box active: ${document.activeElement === el}`);
  for (let i = 0; i < 40; i++) {
    const now = await where();
    if (now === 'window focused: true, box active: true') return now;
    await input.focus();
    await new Promise((r) => setTimeout(r, 250));
  }
  return where();
}

export const SCREENSHOTS = path.join(repoRoot, 'test-results', 'screenshots');
const LOGS = path.join(repoRoot, 'test-results', 'vscode-logs');

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export class Workbench {
  /** Run after the workbench has stopped (temporary files of the test). */
  private readonly cleanups: (() => void)[] = [];

  constructor(
    readonly session: WorkbenchSession,
    readonly page: Page,
    private readonly name: string,
  ) {}

  /** The newest webview's content: webviews are laid over the workbench outside its DOM, the newest last. */
  lastWebview(): FrameLocator {
    return this.page.frameLocator('iframe.webview.ready').last().frameLocator('#active-frame');
  }

  /**
   * The webview frame holding `selector`. The Ask view and plan views are all webviews, and "the
   * newest one" changes as a plan view opens: a view is found by what it holds instead.
   */
  async webviewWith(selector: string, timeoutMs = 30_000): Promise<Frame> {
    for (const deadline = Date.now() + timeoutMs; ; await this.page.waitForTimeout(300)) {
      for (const frame of this.page.frames()) if (await frame.locator(selector).count().catch(() => 0)) return frame;
      if (Date.now() > deadline) throw new Error(`no webview shows ${selector}`);
    }
  }

  /** Opens the Grounded panel and asks `question` there as a person would (once its script listens); returns its frame. */
  async askInPanel(question: string): Promise<FrameLocator> {
    await this.runCommand('Grounded: Open Grounded Panel');
    const frame = this.lastWebview();
    const input = await waitForPanelScript(frame);
    await sendQuestion(input, question);
    return frame;
  }

  /**
   * Opens `query` (`folder=…`, `ew=true` for a window with no folder) in the same server and waits
   * until Grounded is active there: its status bar item is the sign (the new window's extension
   * host starts after the page, and Grounded's keys and views do nothing before it activates).
   */
  async reopen(query: string, timeoutMs = 120_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    await loadWorkbench(this.page, `${this.session.url}/?${query}`, timeoutMs);
    const item = this.page.locator('.statusbar-item', { hasText: 'Grounded:' }).first();
    await item.waitFor({ state: 'visible', timeout: Math.max(1_000, deadline - Date.now()) });
  }

  onClose(cleanup: () => void): void {
    this.cleanups.push(cleanup);
  }

  /** The workspace copy that is open (a temp folder; deleted on close). */
  get folder(): string {
    return this.session.folder;
  }

  /**
   * Runs a command from the palette by its title, as a person would (F1, type, Enter). Retries
   * until the command shows up: commands contributed by extensions appear only once they load.
   */
  async runCommand(title: string, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const input = this.page.locator('.quick-input-widget input');
    const row = this.page.locator('.quick-input-list .monaco-list-row', { hasText: new RegExp(`^${escapeRegExp(title)}`) }).first();
    for (;;) {
      await this.page.keyboard.press('Escape');
      await this.page.keyboard.press('F1');
      if (!(await input.waitFor({ state: 'visible', timeout: 3_000 }).then(() => true, () => false))) {
        // Keys pressed inside a webview (the Grounded panel) may not reach the workbench: focus it first.
        await this.page.locator('.part.titlebar').click({ position: { x: 200, y: 10 } });
        if (Date.now() > deadline) throw new Error(`the command palette did not open for "${title}"`);
        continue;
      }
      // The palette may close again at once (a view or a notification taking the focus): then it is opened again.
      const typed = await input.fill(`>${title}`, { timeout: 3_000 }).then(() => true, () => false);
      if (!typed && Date.now() > deadline) throw new Error(`the command palette closed before "${title}" could be typed`);
      if (!typed) continue;
      const found = await row.waitFor({ state: 'visible', timeout: 3_000 }).then(() => true, () => false);
      if (found) break;
      if (Date.now() > deadline) throw new Error(`the command "${title}" is not in the palette`);
    }
    await row.click();
  }

  /**
   * Switches the colour theme as a person does (Preferences: Color Theme, its name, Enter) and waits
   * until the workbench wears it: `kind` is the workbench's class, vs / vs-dark / hc-black / hc-light.
   */
  async setColorTheme(name: string, kind: 'vs' | 'vs-dark' | 'hc-black' | 'hc-light'): Promise<void> {
    await this.runCommand('Preferences: Color Theme');
    await this.page.locator('.quick-input-widget input').fill(name);
    await this.page.locator('.quick-input-list').getByText(name, { exact: true }).first().click();
    await this.page.locator(`.monaco-workbench.${kind}`).waitFor({ state: 'attached', timeout: 15_000 });
    // Webviews take the theme's variables a moment later.
    await this.page.waitForTimeout(500);
  }

  /** Opens the Chat view (enabled by the fixture's default participant) and returns its input box. */
  async openChat(): Promise<Locator> {
    const input = this.page.locator('.interactive-input-part .monaco-editor').first();
    if (!(await input.isVisible())) await this.runCommand('View: Toggle Chat');
    await input.waitFor({ state: 'visible', timeout: 30_000 });
    return input;
  }

  /** Types a message into the (emptied) chat input and sends it. */
  async sendChat(text: string): Promise<void> {
    const input = await this.openChat();
    // An editor opened just before (a walkthrough) can take the focus back while we type: what the
    // input holds is checked before sending, and typed again once if keys went elsewhere.
    for (let attempt = 0; ; attempt++) {
      await input.click();
      // A sticky participant leaves "@grounded " in the input after an answer: start from empty.
      await this.page.keyboard.press('ControlOrMeta+A');
      await this.page.keyboard.press('Backspace');
      await this.page.keyboard.type(text, { delay: 5 });
      const typed = (await input.locator('.view-lines').innerText()).replace(/\s+/g, ' ').trim();
      if (typed.endsWith(text.replace(/\s+/g, ' ').trim().slice(-12)) || attempt === 1) break;
    }
    await this.page.keyboard.press('Enter');
  }

  /**
   * The last chat response once it has finished streaming (VS Code drops the
   * `chat-response-loading` class then) and holds `text` (a string or a pattern).
   */
  async waitForChatResponse(text: string | RegExp, timeoutMs = 60_000): Promise<Locator> {
    const response = this.page.locator('.interactive-item-container.interactive-response').last();
    await response.and(this.page.locator(':not(.chat-response-loading)')).filter({ hasText: text }).waitFor({ state: 'visible', timeout: timeoutMs });
    return response;
  }

  /** Waits until some visible element of the workbench shows `text`. */
  async waitForText(text: string | RegExp, timeoutMs = 30_000): Promise<void> {
    await this.page.getByText(text).first().waitFor({ state: 'visible', timeout: timeoutMs });
  }

  /** Saves what the user sees as test-results/screenshots/<name>.png; returns the path. */
  async screenshot(name: string): Promise<string> {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const file = path.join(SCREENSHOTS, `${name}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }

  /** Keeps the logs (exthost logs show activation errors) and a last screenshot, then stops Chromium and code-server. */
  async close(): Promise<void> {
    await this.screenshot(`${this.name}-at-close`).catch(() => undefined);
    copyLogs(this.session, path.join(LOGS, `e2e-${this.name}`));
    await this.session.stop();
    for (const cleanup of this.cleanups) cleanup();
  }
}

/** One scripted reply of the fixture language model: the first whose `match` (a regex) finds the prompt answers it. */
export interface FixtureReply {
  match: string;
  reply: string;
  delayMs?: number;
}

/**
 * A workbench whose answers come from VS Code's fixture language model (`grounded.provider`
 * vscode-lm) replying with `replies` (GROUNDED_FIXTURE_REPLIES); their file goes when it closes.
 */
export async function openWithFixtureModel(name: string, replies: FixtureReply[], options: WorkbenchOptions = {}): Promise<Workbench> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `grounded-e2e-${name}-`));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const file = path.join(dir, 'replies.json');
  writeFileSync(file, JSON.stringify(replies));
  try {
    const wb = await openWorkbench(name, {
      ...options,
      settings: { 'grounded.provider': 'vscode-lm', ...options.settings },
      env: { ...options.env, GROUNDED_FIXTURE_REPLIES: file },
    });
    wb.onClose(remove);
    return wb;
  } catch (err) {
    remove();
    throw err;
  }
}

/**
 * Starts a fresh workbench with the product and the fixtures installed and
 * test/fixtures/workspaces/basic (or options.workspace) open. `name` labels its logs.
 */
export async function openWorkbench(name: string, options: WorkbenchOptions = {}): Promise<Workbench> {
  // scripts/run-vscode-tests.mjs has set the machine up already; a file run by hand checks itself.
  if (!process.env.GROUNDED_VSCODE_READY) await ensureVsCodeSetup();
  const session = await startWorkbench(options);
  if (!session.page) throw new Error('the workbench page did not open');
  return new Workbench(session, session.page, name);
}
