import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Surface } from '../../../src/engine/config/provider-endpoints';
import { errorForStatus, unreachableError } from '../../../src/engine/llm/errors';
import { missingModelError, noCompatibleApiError, noModelNameError } from '../../../src/engine/llm/compatible-api';

// The same provider errors reach the VS Code chat and the CLI. Each names where to fix it on the
// surface that asked: a newcomer in VS Code is told the command and the setting, never the CLI's
// query.yaml; a CLI user is told the query.yaml key, never a VS Code setting. A message made for
// no surface in particular names both, each said as such.

const suggestions = (surface: Surface | undefined) => {
  const who = { id: 'openai-compatible', model: 'llama3.1', baseUrl: 'http://127.0.0.1:9/v1', keyHint: 'Grounded: Set API Key', surface };
  return [
    unreachableError(who).suggestion,
    errorForStatus(404, who).suggestion,
    errorForStatus(400, who).suggestion,
    noModelNameError(who.baseUrl, surface).suggestion,
    noCompatibleApiError(who.baseUrl, surface).suggestion,
    missingModelError({ baseUrl: who.baseUrl, models: ['qwen2.5-coder'] } as never, 'llama3.1', surface).suggestion,
  ];
};

test('in VS Code a fix names the command that changes the setting and the setting, and no query.yaml', () => {
  for (const s of suggestions('vscode')) {
    assert.match(s, /run "Grounded: Select Provider and Model", or set `grounded\.(baseUrl|model)`/, s);
    assert.doesNotMatch(s, /query\.yaml|llm_provider|for the CLI/, s);
  }
  assert.match(unreachableError({ id: 'openai-compatible', model: 'm', baseUrl: 'http://127.0.0.1:9/v1', keyHint: '', surface: 'vscode' }).suggestion,
    /Is the server running\? If it listens elsewhere, change the base URL \(run "Grounded: Select Provider and Model", or set `grounded\.baseUrl`\)\./);
});

test('in the CLI a fix names the key of .agent/etc/query.yaml, and no VS Code setting', () => {
  for (const s of suggestions('cli')) {
    assert.match(s, /`(llm_provider|model)` in \.agent\/etc\/query\.yaml/, s);
    assert.doesNotMatch(s, /grounded\.|VS Code|Select Provider/, s);
  }
});

test('for no surface in particular, both are named, VS Code first, then the CLI\'s query.yaml', () => {
  for (const s of suggestions(undefined)) {
    const vscodeWay = /run "Grounded: Select Provider and Model", or set `grounded\.(baseUrl|model)` in VS Code; /.source;
    assert.match(s, new RegExp(`${vscodeWay}\`(llm_provider|model)\` in \\.agent/etc/query\\.yaml for the CLI`), s);
  }
});
