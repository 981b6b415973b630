import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import type { ToWebview } from './messages';

/** JSON that cannot end its script block or start markup: every `<`, `>`, `&` and line separator escaped. */
const embedJson = (value: unknown) => JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The webview options of every surface that shows the conversation: scripts, and files from media/ only. */
export function conversationWebviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'media')] };
}

/**
 * The conversation's page, the same in the side bar and in an editor tab: a strict CSP with a
 * nonce, styles and script from media/ only. The stylesheet is linked in the head and the
 * conversation so far is embedded as data (never run: a JSON script block, `<` escaped), so restored
 * history is drawn, styled, as soon as the script loads, without waiting for the extension to answer.
 */
export function conversationHtml(webview: vscode.Webview, extensionUri: vscode.Uri, initial?: ToWebview): string {
  const nonce = randomBytes(16).toString('base64');
  const media = (f: string) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', f));
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src ${webview.cspSource}; style-src ${webview.cspSource}; script-src 'nonce-${nonce}';">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link href="${media('webview.css')}" rel="stylesheet">
<link href="${media('cite.css')}" rel="stylesheet">
<link href="${media('code.css')}" rel="stylesheet">
<title>Grounded</title>
</head>
<body>
<main id="conversation" aria-label="Conversation"></main>
<div id="status" class="visually-hidden" role="status" aria-live="polite"></div>
${initial ? `<script type="application/json" id="initial-state">${embedJson(initial)}</script>` : ''}
<form id="ask" aria-label="Ask Grounded">
  <div id="mentions" role="listbox" aria-label="Mention suggestions" hidden></div>
  <textarea id="question" rows="3" placeholder="Ask about this workspace… (@ mentions a file, /plan proposes a change)"
    title="Enter sends, Shift+Enter starts a new line, Escape stops the answer; @ mentions a file, @search:, @grep: or @url:;
/plan followed by a change proposes it as a plan"
    aria-label="Question" aria-autocomplete="list" aria-controls="mentions"></textarea>
  <div class="actions">
    <button type="submit" id="send">Ask</button>
    <button type="button" id="stop" class="secondary" hidden title="Stop the answer (Escape)">Stop</button>
    <button type="button" id="clear" class="secondary" title="Clear the conversation (Undo brings it back until the next question)">Clear</button>
    <button type="button" id="model" class="secondary" title="Choose who answers: a local server such as Ollama, VS Code's language models, or an API key">Provider…</button>
  </div>
</form>
<script nonce="${nonce}" src="${media('dist/webview.js')}"></script>
</body>
</html>`;
}
