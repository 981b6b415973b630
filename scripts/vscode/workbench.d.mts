// Types for workbench.mjs (imported by test/e2e/harness.ts).
import type { Browser, Page } from 'playwright-core';

export const repoRoot: string;
export const FIXTURE_EXTENSION_ID: string;
export const BASE_SETTINGS: Record<string, unknown>;
export const UNTRUSTED_SETTINGS: Record<string, unknown>;

export interface WorkbenchOptions {
  workspace?: string;
  settings?: Record<string, unknown>;
  env?: Record<string, string>;
  extraExtensions?: string[];
  openBrowser?: boolean;
  keep?: boolean;
  /** Workspace trust enabled and the folder not trusted (restricted mode). */
  untrusted?: boolean;
  /** A multi-root window: these folders, copied under their own names, opened through a .code-workspace file. */
  folders?: string[];
}

export interface WorkbenchSession {
  root: string;
  dataDir: string;
  extensionsDir: string;
  folder: string;
  /** The .code-workspace file of a multi-root window. */
  workspaceFile?: string;
  port: number;
  url: string;
  page: Page | undefined;
  browser: Browser | undefined;
  timings: { serverReadyMs: number; workbenchReadyMs: number };
  serverOutput(): string;
  serverExitCode(): number | null;
  stop(): Promise<void>;
}

export function freePort(): Promise<number>;
export function installUnpacked(sourceDir: string, extensionsDir: string, files?: string[]): string;
export function installProduct(extensionsDir: string): string;
export function copyLogs(session: WorkbenchSession, dest: string): string | undefined;
/** Opens the workbench at url in page; resolves once it is drawn (not at the page's load event). */
export function loadWorkbench(page: Page, url: string, timeoutMs?: number): Promise<void>;
export function startWorkbench(options?: WorkbenchOptions): Promise<WorkbenchSession>;
