import type { ProviderErrorKind } from '../engine/llm/types';
import { fixCommands, type FixCommand } from './fix-commands';
import type { CheckResult } from './last-check';

/** A failed question in two or three words: what the status bar says until the next answer. */
const SHORT: Record<ProviderErrorKind, string> = {
  auth: 'key rejected',
  rate_limited: 'rate limited',
  network: 'cannot connect',
  server: 'server error',
  not_found: 'model not found',
  bad_request: 'request refused',
  malformed: 'unreadable reply',
  cancelled: 'stopped',
};

export interface StatusView {
  /** The item's text: who answers, or, after a failed question, what failed, in short. */
  text: string;
  tooltip: string;
  /** What a screen reader says of the item: its tooltip, led by "Warning" when something failed (the icon and colour say it to the eye). */
  ariaLabel: string;
  failed: boolean;
}

const CLICK_FAILED = 'Click for what failed and how to fix it.';

/** A cause as plain text: a tooltip and a notification show Markdown's backticks as they are. */
const plain = (text: string) => text.replace(/`([^`\n]*)`/g, '$1');

/**
 * The status bar item for who answers (`label`) and the last check or question. A failed question
 * puts what failed in its place ("Grounded: cannot connect"), a warning seen from any editor, until
 * a model answers again; a failed connection check keeps the label, marked. Either way a click
 * says what failed and how to fix it (failureNotice).
 */
export function statusView(label: string, given: CheckResult | undefined, restricted: boolean): StatusView {
  const check = given && { ...given, summary: plain(given.summary) };
  const mode = restricted ? ' (restricted mode: no tools, edits or URL fetches)' : '';
  const warn = (text: string, tooltip: string): StatusView => ({ text, tooltip, ariaLabel: `Warning from Grounded: ${tooltip}`, failed: true });
  if (check?.ok === false && check.question) {
    const short = check.keyMissing ? 'key needed' : check.kind ? SHORT[check.kind] : 'no answer';
    return warn(`$(warning) Grounded: ${short}`, `The last question to ${label}${mode} failed: ${check.summary} ${CLICK_FAILED}`);
  }
  if (check?.ok === false) {
    return warn(`$(warning) Grounded: ${label}`, `Grounded answers with: ${label}${mode}. The last connection check failed: ${check.summary} ${CLICK_FAILED}`);
  }
  const last = check ? ` Last check: ${check.summary}.` : '';
  const tooltip = `Grounded answers with: ${label}${mode}.${last} Click to change.`;
  return { text: `$(location) Grounded: ${label}`, tooltip, ariaLabel: tooltip, failed: false };
}

/**
 * What a click on the warning says: which request failed, the cause and the fix in the provider's
 * own words, and the buttons that fit the failure (a key for a rejected key; another provider or
 * model, or the logs, otherwise), as under a failed answer.
 */
export function failureNotice(label: string, check: CheckResult): { message: string; fixes: FixCommand[] } {
  const what = check.question ? `the last question to ${label} got no written answer` : `the connection check of ${label} failed`;
  const fixes = fixCommands({ provider: label, modelError: { kind: check.kind ?? 'network' } });
  return { message: `Grounded: ${what}: ${plain(check.summary)}`, fixes };
}

/**
 * What a failed test at the end of a setup says in its notification: the cause as plain text (it
 * showed "set `grounded.model`" with its backticks); "could not connect" only for a network failure,
 * since a refused key or a missing model came from a server that answered.
 */
export function setupFailureMessage(label: string, cause: string, kind: ProviderErrorKind | undefined, tested: boolean): string {
  if (!tested) return `Grounded has no model to test: ${plain(cause)}`;
  const failedHow = kind === 'network' ? `could not connect to ${label}` : `tested ${label}, and the test failed`;
  return `Grounded ${failedHow}: ${plain(cause)}`;
}
