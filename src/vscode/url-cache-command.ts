import * as vscode from 'vscode';
import { UrlCache } from '../engine/net/url-cache';

/**
 * "Grounded: Clear URL Cache": forgets every page fetched for an @url mention, so the next
 * mention fetches it again (seed 002's manual invalidation; pages are otherwise fresh for 24 h).
 * Returns how many pages were forgotten, for the caller and for tests.
 */
export function registerClearUrlCache(cacheDir: string): vscode.Disposable {
  return vscode.commands.registerCommand('grounded.clearUrlCache', async () => {
    const cleared = await new UrlCache(cacheDir).clear();
    void vscode.window.showInformationMessage(
      cleared ? `Grounded forgot ${cleared} cached page(s); @url mentions fetch them again.` : 'The Grounded URL cache is empty.',
    );
    return cleared;
  });
}
