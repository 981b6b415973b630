import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter, type ProtocolConnection } from 'vscode-languageserver-protocol/node';
import { copyFixture } from '../../support/fixture';
import { SearchRequest, StatusRequest } from '../../../src/engine/index-protocol/protocol';
import { extractTerms } from '../../../src/engine/retrieval/terms';

const SERVER = path.join(__dirname, '..', '..', '..', 'src', 'server', 'main.ts');

/** Starts the index server over stdio on `root`, as a client would, and completes the handshake. */
async function startServer(root: string): Promise<{ conn: ProtocolConnection; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  conn.listen();
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {}, workspaceFolders: [{ uri: pathToFileURL(root).href, name: 'ws' }], initializationOptions: { settings: {} } });
  await conn.sendNotification('initialized', {});
  // Questions asked before the first build ends are answered from a partial index; these tests want the whole.
  for (;;) {
    const [status] = await conn.sendRequest(StatusRequest, {});
    if (status.files > 0 && !status.indexing) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return { conn, child };
}

describe('the index server', () => {
  const children: ChildProcess[] = [];
  after(() => children.forEach((c) => c.kill()));

  it('answers a search with ranked chunks of the workspace', async () => {
    const root = copyFixture('basic');
    const { conn, child } = await startServer(root);
    children.push(child);
    const r = await conn.sendRequest(SearchRequest, { root, terms: extractTerms('how are API keys stored?'), limit: 5 });
    assert.equal(r.chunks[0]?.path, 'src/auth/keyStore.ts');
    assert.ok(r.fileCount > 5);
    const status = await conn.sendRequest(StatusRequest, {});
    assert.equal(status[0].root, root);
  });

  it('finds the unsaved text of an open editor in the next search', async () => {
    const root = copyFixture('basic');
    const { conn, child } = await startServer(root);
    children.push(child);
    const uri = pathToFileURL(path.join(root, 'src', 'notes.ts')).href;
    await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'typescript', version: 1, text: 'export const x = 1;\n' } });
    await conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: 'export function quokkaLedger() {}\n' }] });
    const r = await conn.sendRequest(SearchRequest, { root, terms: extractTerms('quokkaLedger'), limit: 1 });
    assert.equal(r.chunks[0]?.path, 'src/notes.ts');
  });
});
