import { test } from 'node:test';
import assert from 'node:assert/strict';
import { failureNotice, setupFailureMessage, statusView } from '../../../src/vscode/failure-notice';

// The status bar after a question the model did not answer: a short warning in place of who
// answers, the cause in its tooltip, and a click that says what failed with the fixes that fit.

const label = 'OpenAI-compatible tour-model';
const down = { ok: false, summary: 'Could not reach http://127.0.0.1:9/v1. Start the server.', kind: 'network' as const, question: true };

test('a failed question: what failed in two words, the cause in the tooltip, marked as a failure', () => {
  const v = statusView(label, down, false);
  assert.equal(v.text, '$(warning) Grounded: cannot connect');
  assert.equal(v.failed, true);
  assert.match(v.ariaLabel, /^Warning from Grounded: The last question to/, 'a screen reader hears the warning the icon shows');
  assert.match(v.tooltip, /^The last question to OpenAI-compatible tour-model failed: Could not reach http:\/\/127\.0\.0\.1:9\/v1\. Start the server\. /);
  assert.match(v.tooltip, /Click for what failed and how to fix it\.$/);
  assert.equal(statusView(label, { ...down, kind: 'auth' }, false).text, '$(warning) Grounded: key rejected');
  // A server that asks for a key when none was sent rejected nothing.
  assert.equal(statusView(label, { ...down, kind: 'auth', keyMissing: true }, false).text, '$(warning) Grounded: key needed');
  assert.equal(statusView(label, { ...down, kind: 'rate_limited' }, false).text, '$(warning) Grounded: rate limited');
});

test('a failed connection check keeps who answers, marked; a good one or none names who answers', () => {
  const check = statusView(label, { ok: false, summary: 'HTTP 500.' }, false);
  assert.equal(check.text, `$(warning) Grounded: ${label}`);
  assert.match(check.tooltip, /The last connection check failed: HTTP 500\. Click for what failed/);
  const ok = statusView(label, { ok: true, summary: 'the model answered the last question' }, true);
  assert.deepEqual([ok.text, ok.failed], [`$(location) Grounded: ${label}`, false]);
  assert.match(ok.tooltip, /\(restricted mode: no tools, edits or URL fetches\)\. Last check: the model answered the last question\. Click to change\.$/);
  assert.equal(statusView(label, undefined, false).tooltip, `Grounded answers with: ${label}. Click to change.`);
  assert.equal(statusView(label, undefined, false).ariaLabel, `Grounded answers with: ${label}. Click to change.`);
});

test('the click says which request failed and why, with the fixes that fit the failure', () => {
  assert.deepEqual(failureNotice(label, down), {
    message: `Grounded: the last question to ${label} got no written answer: Could not reach http://127.0.0.1:9/v1. Start the server.`,
    fixes: ['grounded.selectModel', 'grounded.showLogs'],
  });
  assert.deepEqual(failureNotice(label, { ...down, kind: 'auth' }).fixes, ['grounded.setApiKey', 'grounded.selectModel']);
  const coded = { ...down, summary: 'change the base URL (`grounded.baseUrl` in VS Code).' };
  assert.match(failureNotice(label, coded).message, /\(grounded\.baseUrl in VS Code\)\.$/, 'no Markdown backticks in a notification');
  assert.match(statusView(label, coded, false).tooltip, /\(grounded\.baseUrl in VS Code\)\. Click/);
  assert.match(failureNotice(label, { ok: false, summary: 'x' }).message, /^Grounded: the connection check of OpenAI-compatible tour-model failed: x$/);
});

test('a setup whose test failed says so in plain text: no Markdown backticks in a notification', () => {
  const cause = "The server at http://127.0.0.1:9/v1 has no model 'nope' (HTTP 404). Choose one (or set `grounded.model`); " +
    'for Ollama, `ollama pull <model>` adds one.';
  const said = setupFailureMessage(label, cause, 'not_found', true);
  assert.match(said, /^Grounded tested OpenAI-compatible tour-model, and the test failed: The server at .* has no model 'nope'/);
  assert.match(said, /\(or set grounded\.model\); for Ollama, ollama pull <model> adds one\.$/);
  assert.doesNotMatch(said, /`/);
  // Only a network failure is "could not connect": a server that answered was reached.
  assert.match(setupFailureMessage(label, down.summary, 'network', true), /^Grounded could not connect to OpenAI-compatible tour-model: Could not reach /);
  assert.equal(setupFailureMessage(label, 'No key is set.', undefined, false), 'Grounded has no model to test: No key is set.');
});
