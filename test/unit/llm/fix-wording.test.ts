import { test } from 'node:test';
import assert from 'node:assert/strict';
import { errorForStatus, unreachableError } from '../../../src/engine/llm/errors';
import { missingModelError, noCompatibleApiError, noModelNameError } from '../../../src/engine/llm/compatible-api';

// The same provider errors reach the VS Code chat and the CLI. Each names where to fix it on both
// surfaces, each said as such: a newcomer in VS Code is not sent to a query.yaml they never heard of
// without being told it is the CLI's file.

const who = { id: 'openai-compatible', model: 'llama3.1', baseUrl: 'http://127.0.0.1:9/v1', keyHint: 'Grounded: Set API Key' };
const suggestions = [
  unreachableError(who).suggestion,
  errorForStatus(404, who).suggestion,
  errorForStatus(400, who).suggestion,
  noModelNameError(who.baseUrl).suggestion,
  noCompatibleApiError(who.baseUrl).suggestion,
  missingModelError({ baseUrl: who.baseUrl, models: ['qwen2.5-coder'] } as never, 'llama3.1').suggestion,
];

test('every setting a fix names is said with its surface: VS Code first, then the CLI\'s query.yaml', () => {
  for (const s of suggestions) {
    const vscodeWay = /(`grounded\.(baseUrl|model)`|"Grounded: Select Provider and Model")[^;]* in VS Code; /.source;
    assert.match(s, new RegExp(`${vscodeWay}\`(llm_provider|model)\` in \\.agent/etc/query\\.yaml for the CLI`), s);
    assert.doesNotMatch(s, /[^/]query\.yaml(?! for the CLI)/, s);
  }
});
