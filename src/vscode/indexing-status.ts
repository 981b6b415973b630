import path from 'node:path';
import * as vscode from 'vscode';
import type { IndexingProgress } from '../engine/index-protocol/protocol';

/** A run shorter than this never shows (a refresh that re-reads a few files would only flicker)... */
const SHOW_AFTER_MS = 500;
/** ...unless it has this many files left to read: then it will take a while, and shows at once. */
const SHOW_AT_ONCE_FILES = 2_000;

/**
 * The status-bar item of a long indexing run: "Grounded: indexing 12,000 of 27,600 files", one
 * click stops it (`grounded.stopIndexing`, also in the palette while a run is under way). The index
 * server sends the progress; questions asked meanwhile are answered from what is indexed so far.
 */
export class IndexingStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('grounded.indexing', vscode.StatusBarAlignment.Right, 99);
  private readonly runs = new Map<string, { progress: IndexingProgress; since: number }>();
  private timer: NodeJS.Timeout | undefined;

  constructor() {
    this.item.name = 'Grounded indexing';
    this.item.command = 'grounded.stopIndexing';
  }

  /** The item's text while it shows, else undefined (tests read it). */
  get text(): string | undefined {
    return this.shown ? this.item.text : undefined;
  }

  private shown = false;
  /** The messages that ended runs, latest last, at most 20 (tests check a stop took effect part way). */
  readonly ended: IndexingProgress[] = [];

  /** One progress message from the server. */
  update(p: IndexingProgress): void {
    if (p.ended) {
      this.runs.delete(p.root);
      this.ended.push(p);
      if (this.ended.length > 20) this.ended.shift();
      if (p.ended === 'stopped') {
        const where = `${count(p.indexed)} of ${count(p.total)} files`;
        void vscode.window.setStatusBarMessage(`Grounded: indexing stopped at ${where}. It carries on with the next question.`, 8000);
      }
    } else this.runs.set(p.root, { progress: p, since: this.runs.get(p.root)?.since ?? Date.now() });
    this.render();
  }

  private render(): void {
    clearTimeout(this.timer);
    const runs = [...this.runs.values()];
    void vscode.commands.executeCommand('setContext', 'grounded.indexing', runs.length > 0);
    if (runs.length === 0) {
      this.item.hide();
      this.shown = false;
      return;
    }
    // The counts are the whole folder's (a run resumed after a stop goes on from where it stopped): what is left decides.
    const big = runs.some((r) => r.progress.total - r.progress.indexed >= SHOW_AT_ONCE_FILES);
    const waitMs = big ? 0 : SHOW_AFTER_MS - (Date.now() - Math.min(...runs.map((r) => r.since)));
    if (waitMs > 0) {
      this.timer = setTimeout(() => this.render(), waitMs);
      return;
    }
    const indexed = runs.reduce((n, r) => n + r.progress.indexed, 0);
    const total = runs.reduce((n, r) => n + r.progress.total, 0);
    const names = runs.map((r) => path.basename(r.progress.root)).join(', ');
    this.item.text = `$(sync~spin) Grounded: indexing ${count(indexed)} of ${count(total)} files`;
    this.item.tooltip = `Grounded is indexing ${names}. Questions asked now are answered from the files indexed so far. `
      + 'Click to stop indexing (it carries on with the next question).';
    this.item.show();
    this.shown = true;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.item.dispose();
  }
}

const count = (n: number) => n.toLocaleString('en-US');
