import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixCommands } from '../../../src/vscode/fix-commands';

// The buttons under an answer no model wrote, the same in chat and the panel: "Set API key" only
// when the chosen provider needs a key that is missing, never for someone who chose no model.

const snippets = { status: 'success', context: { filesSearched: 12 } };

test('no model on purpose ("none"): no button nags for a key or a provider', () => {
  assert.deepEqual(fixCommands(snippets, 'none'), []);
});

test('a provider that needs a key, with none stored: the key first, then another provider', () => {
  for (const p of ['openai', 'gemini', 'gh'] as const) assert.deepEqual(fixCommands(snippets, p), ['grounded.setApiKey', 'grounded.selectModel']);
});

test('providers that need no key (VS Code models, a compatible server with no URL): only the choice', () => {
  assert.deepEqual(fixCommands(snippets, 'vscode-lm'), ['grounded.selectModel']);
  assert.deepEqual(fixCommands(snippets, 'openai-compatible'), ['grounded.selectModel']);
});

test('automatic found no model: a provider, or a key (the answer names both ways)', () => {
  assert.deepEqual(fixCommands(snippets, 'auto'), ['grounded.selectModel', 'grounded.setApiKey']);
});

test('a model that was asked: the fixes follow its failure, whatever the setting', () => {
  const asked = { ...snippets, provider: 'openai' };
  assert.deepEqual(fixCommands(asked, 'openai'), []);
  assert.deepEqual(fixCommands({ ...asked, modelError: { kind: 'auth' } }, 'openai'), ['grounded.setApiKey', 'grounded.selectModel']);
  assert.deepEqual(fixCommands({ ...asked, modelError: { kind: 'network' } }, 'openai'), ['grounded.selectModel', 'grounded.showLogs']);
});

test('nothing found: no model buttons; no readable file at all: what Grounded can see', () => {
  assert.deepEqual(fixCommands({ status: 'no_context', context: { filesSearched: 3 } }, 'gemini'), []);
  assert.deepEqual(fixCommands({ status: 'no_context', context: { filesSearched: 0 } }, 'auto'), ['grounded.showVisibleFiles']);
});
