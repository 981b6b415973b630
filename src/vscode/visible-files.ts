import * as vscode from 'vscode';
import { discoverFiles, explainPath } from '../engine/workspace/discovery';
import type { GroundedServices } from './services';
import { discoveryFor } from './settings';

type Item = vscode.QuickPickItem & { rel?: string };

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The rows of the list: the active file's verdict first (the verdict leads and the path follows, so
 * a deep path cannot push "hidden" out of the row), every readable file, then the skipped ones.
 */
async function visibleFileItems(root: string): Promise<{ items: Item[]; title: string }> {
  const opts = discoveryFor(root);
  const active = vscode.window.activeTextEditor?.document.uri;
  const items: Item[] = [];
  if (active?.scheme === 'file') {
    const e = await explainPath(opts, active.fsPath);
    items.push(
      {
        label: e.visible ? '$(eye) Visible to Grounded:' : '$(eye-closed) Hidden from Grounded:',
        description: e.path,
        detail: e.visible ? undefined : `${e.reason}${e.detail ? `: ${e.detail}` : ''}`,
      },
      { label: '', kind: vscode.QuickPickItemKind.Separator },
    );
  }
  const { files, skipped } = await discoverFiles(opts);
  // Hidden files are never listed (a node_modules would drown the list): say so, and how to ask about one.
  if (items.length === 0)
    items.push({
      label: '$(info) Files hidden by .gitignore, .agentignore or the excluded folders are not listed',
      detail: 'To see why a file is hidden, open it and run "Grounded: Show What Grounded Can See" again.',
    }, { label: '', kind: vscode.QuickPickItemKind.Separator });
  items.push(...files.map((f) => ({ label: f.path, rel: f.path })));
  if (skipped.length)
    items.push(
      { label: 'Skipped', kind: vscode.QuickPickItemKind.Separator },
      ...skipped.map((x) => ({ label: `$(circle-slash) ${x.path}`, description: `${x.reason}${x.detail ? `: ${x.detail}` : ''}` })),
    );
  return { items, title: `Grounded can read ${count(files.length)} files` + (skipped.length ? ` · ${count(skipped.length)} skipped (listed last)` : '') };
}

/**
 * "Show What Grounded Can See": every file Grounded may read, filterable, one pick opens it. The
 * list shows at once, busy, while the folder is walked (seconds on a 27 K-file repository, when a
 * silent wait read as a command that did nothing); the counts then go in the title, which stays
 * while the user filters (a placeholder is cut short and goes at the first key).
 */
export async function showVisibleFiles(services: GroundedServices): Promise<void> {
  const root = services.rootFor(vscode.window.activeTextEditor?.document.uri);
  if (!root) return void vscode.window.showWarningMessage('Grounded: open a folder first.');
  const pick = vscode.window.createQuickPick<Item>();
  pick.title = 'Grounded: listing the files it can read…';
  pick.placeholder = 'Type to filter by path';
  pick.matchOnDescription = true;
  pick.busy = true;
  const chosen = new Promise<Item | undefined>((resolve) => {
    pick.onDidAccept(() => resolve(pick.selectedItems[0]));
    pick.onDidHide(() => resolve(undefined));
  });
  pick.show();
  try {
    const { items, title } = await visibleFileItems(root);
    pick.items = items;
    pick.title = title;
  } catch (err) {
    pick.title = 'Grounded could not list the files it can read';
    pick.items = [{ label: `$(error) ${(err as Error).message}` }];
    services.logger.warn('visible_files.failed', { error: (err as Error).name });
  } finally {
    pick.busy = false;
  }
  const item = await chosen;
  pick.dispose();
  if (item?.rel) await vscode.window.showTextDocument(vscode.Uri.joinPath(vscode.Uri.file(root), item.rel));
}
