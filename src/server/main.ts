// The index server: discovery, the index and ranking of every workspace folder, in its own process
// (started by the extension with vscode-languageclient). Scrubbing and budgets stay with the caller.
import { fileURLToPath } from 'node:url';
import { createConnection, FileChangeType, ProposedFeatures, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  IndexingProgressNotification, SearchRequest, StatusRequest, StopIndexingRequest, type IndexingProgress, type IndexServerOptions,
} from '../engine/index-protocol/protocol';
import type { DocumentOverlay } from '../engine/workspace/types';
import type { EngineSettings } from '../engine/config/settings';
import { CliOffer } from '../engine/resident/cli-offer';
import { FolderIndex } from '../engine/resident/folder-index';
import { gitRuleFiles } from '../engine/workspace/git-repo';

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);
const folders = new Map<string, FolderIndex>();

const filePath = (uri: string): string | undefined => (uri.startsWith('file:') ? fileURLToPath(uri) : undefined);

/** Open editors by file path (the index asks by path for every file it checks). */
const openUris = new Map<string, string>();

/** Unsaved editor text, as the engine reads it: the dirty buffer wins over the disk. */
const overlay: DocumentOverlay = {
  get: (absPath) => {
    const uri = openUris.get(absPath);
    return uri === undefined ? undefined : documents.get(uri)?.getText();
  },
  openPaths: () => [...openUris.keys()],
};

/** The folder holding an absolute path (the deepest, for nested workspace folders). */
function folderOf(absPath: string): FolderIndex | undefined {
  let best: FolderIndex | undefined;
  for (const f of folders.values())
    if ((absPath === f.root || absPath.startsWith(`${f.root}/`) || absPath.startsWith(`${f.root}\\`)) && (!best || f.root.length > best.root.length)) best = f;
  return best;
}

/** Per folder, git's rule files (gitRuleFiles): a change of one re-lists that folder, wherever the file lies. */
const ruleFiles = new Map<FolderIndex, Set<string>>();

/** The folders a changed file concerns: the one holding it, and those whose git rules it holds (`../.gitignore`). */
function foldersFor(absPath: string): FolderIndex[] {
  const own = folderOf(absPath);
  const out = own ? [own] : [];
  for (const [f, files] of ruleFiles) if (f !== own && files.has(absPath)) out.push(f);
  return out;
}

const logError = (err: unknown) => connection.console.error(`grounded index: ${err instanceof Error ? err.message : String(err)}`);

let initOptions: IndexServerOptions = { settings: {} };

connection.onInitialize((params) => {
  const opts = (initOptions = (params.initializationOptions ?? { settings: {} }) as IndexServerOptions);
  const progress = (p: IndexingProgress) => void connection.sendNotification(IndexingProgressNotification, p);
  for (const wf of params.workspaceFolders ?? []) {
    const root = filePath(wf.uri);
    if (root) folders.set(root, new FolderIndex(root, opts.settings[root] ?? {}, overlay, logError, progress));
  }
  return { capabilities: { textDocumentSync: TextDocumentSyncKind.Incremental } };
});

/** Per folder, the socket on which the CLI's questions are answered from this index (`answerCli`). */
const cliOffers = new Map<FolderIndex, CliOffer>();

/**
 * Offers the folder's live index to `grounded query` / `grounded files` run in a terminal, as
 * `grounded serve` would; while a `grounded serve` (or another window) answers for the folder,
 * takes over when it stops. serve-socket is loaded on first use, so a window without the CLI pays nothing more.
 */
function answerCli(f: FolderIndex, settings: Partial<EngineSettings>): CliOffer {
  const offer = new CliOffer(async () => {
    const [{ serveFolder }, { resolveSettings }] = await Promise.all([import('../engine/resident/serve-socket'), import('../engine/config/settings')]);
    return serveFolder({
      root: f.root, settings: resolveSettings(settings), folder: f, host: 'VS Code',
      // VS Code's watcher sends every change (document sync the unsaved text): nothing to re-list.
      freshen: () => undefined,
      watchedFolders: () => 1,
      // `grounded serve --stop`: this window stops answering the terminal, for good.
      onShutdown: () => void offer.close(),
    });
  }, logError);
  return offer;
}

connection.onInitialized(() => {
  for (const f of folders.values()) {
    void f.start().catch(logError);
    void gitRuleFiles(f.root).then((files) => ruleFiles.set(f, new Set(files)), logError);
    if (initOptions.answerCli) cliOffers.set(f, answerCli(f, initOptions.settings[f.root] ?? {}));
  }
});

connection.onRequest(SearchRequest, async ({ root, terms, limit, within }) => {
  const f = folders.get(root) ?? folderOf(root);
  if (!f) throw new Error(`'${root}' is not a workspace folder of this window`);
  const { chunks, indexing } = await f.search(terms, limit, { within });
  return { chunks, indexing, fileCount: f.index.fileCount, skipped: f.index.skipped };
});

connection.onRequest(StopIndexingRequest, ({ root }) => [...folders.values()].filter((f) => (root === undefined || f.root === root) && f.stop()).length);

connection.onRequest(StatusRequest, () =>
  [...folders.values()].map((f) => ({ root: f.root, files: f.index.fileCount, chunks: f.index.liveChunks, indexing: f.indexing })),
);

connection.onDidChangeWatchedFiles(({ changes }) => {
  for (const c of changes) {
    const abs = filePath(c.uri);
    const kind = c.type === FileChangeType.Created ? 'created' : c.type === FileChangeType.Deleted ? 'deleted' : 'changed';
    if (abs) for (const f of foldersFor(abs)) void f.changed(abs, kind).catch(logError);
  }
});

// Unsaved text is indexed as typed; closing an editor re-reads the file from the disk.
const editorChanged = (uri: string) => {
  const abs = filePath(uri);
  if (abs) void folderOf(abs)?.changed(abs, 'changed').catch(logError);
};
documents.onDidOpen((e) => {
  const abs = filePath(e.document.uri);
  if (abs) openUris.set(abs, e.document.uri);
});
documents.onDidChangeContent((e) => editorChanged(e.document.uri));
documents.onDidClose((e) => {
  const abs = filePath(e.document.uri);
  if (abs) openUris.delete(abs);
  editorChanged(e.document.uri);
});

// Each folder's index is saved as it stops: reopening the workspace reads only what changed since.
connection.onShutdown(async () => {
  await Promise.all([...cliOffers.values()].map((o) => o.close()));
  await Promise.all([...folders.values()].map((f) => f.close()));
});
documents.listen(connection);
connection.listen();
