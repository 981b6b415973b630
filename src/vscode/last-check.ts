import * as vscode from 'vscode';
import type { ProviderErrorKind } from '../engine/llm/types';

export interface CheckResult {
  ok: boolean;
  /** One sentence: what answered, or why not. Never a key. */
  summary: string;
  /** How the model failed, when it did. */
  kind?: ProviderErrorKind;
  /** The failure came from a question asked, not from a connection check. */
  question?: boolean;
  /** The server asked for a key and none was sent (no key was rejected). */
  keyMissing?: boolean;
}

/**
 * The result of the last connection check (the setup's test request, the check of a key just
 * stored) or of the last question a model failed to answer, for the status bar. A result belongs to the setup it checked, named by `scope`: once
 * the provider, model or URL changes it says nothing about the new one and is not shown.
 */
export class LastCheck implements vscode.Disposable {
  private last?: { scope: string; result: CheckResult };
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  record(scope: string, result: CheckResult): void {
    this.last = { scope, result };
    this.changed.fire();
  }

  /** A model answered a question: whatever failed before works now. */
  answered(): void {
    if (this.last && !this.last.result.ok) this.record(this.last.scope, { ok: true, summary: 'the model answered the last question' });
  }

  private setups = 0;

  /**
   * Runs a setup. Its settings are written one step at a time (the provider, then the URL, then the
   * model), and who answers is known only when it ends: the status bar said "snippets only" for a
   * moment between the steps. Meanwhile it keeps what it said; the end is a change.
   */
  async during<T>(setup: () => Promise<T>): Promise<T> {
    this.setups++;
    try {
      return await setup();
    } finally {
      this.setups--;
      this.changed.fire();
    }
  }

  /**
   * Runs `wait`, a setup waiting for the user with its settings all written (the buttons of a failed
   * test), as if the setup had ended: who answers is known, and the status bar says it, warning
   * included. Held until the button, a failure notification left open kept the status bar on what
   * it said before the setup ("snippets only") while questions went to the model that had failed.
   */
  async released<T>(wait: () => Thenable<T>): Promise<T> {
    this.setups--;
    this.changed.fire();
    try {
      return await wait();
    } finally {
      this.setups++;
    }
  }

  /** A setup is running (see `during`). */
  get settingUp(): boolean {
    return this.setups > 0;
  }

  get(scope: string): CheckResult | undefined {
    return this.last?.scope === scope ? this.last.result : undefined;
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** What a check is about: who answers (as the status bar names it) and, for a server, its URL. */
export const checkScope = (label: string, baseUrl: string): string => `${label}\n${baseUrl}`;
