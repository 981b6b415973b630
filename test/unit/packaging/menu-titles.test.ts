import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

// The palette shows "Category: Title", a menu the title alone: the ask about a selection reads
// "Grounded: Ask About the Selection" in the palette and names Grounded in the editor's menu.

interface Command { command: string; title: string; category?: string }
const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8'));
const commands = new Map<string, Command>(manifest.contributes.commands.map((c: Command) => [c.command, c]));
const hidden = new Set<string>(manifest.contributes.menus.commandPalette.filter((m: { when?: string }) => m.when === 'false').map((m: Command) => m.command));

test('every item Grounded adds to the editor context menu names Grounded in its own title', () => {
  const items = manifest.contributes.menus['editor/context'] as { command: string }[];
  assert.ok(items.length > 0);
  for (const { command } of items) assert.match(commands.get(command)?.title ?? '', /\bGrounded\b/, command);
});

test('the palette label of the selection ask says Grounded once, and the menu-only alias stays out of the palette', () => {
  const ask = commands.get('grounded.askSelection')!;
  assert.equal(`${ask.category}: ${ask.title}`, 'Grounded: Ask About the Selection');
  assert.ok(hidden.has('grounded.askSelectionInEditor'));
  const inPalette = [...commands.values()].filter((c) => !hidden.has(c.command)).map((c) => `${c.category}: ${c.title}`);
  assert.equal(inPalette.filter((label) => /ask .*selection/i.test(label)).length, 1, inPalette.join('\n'));
});

test('the shortcut is bound to the palette command alone: a second binding of the same key for the menu alias would hide it there', () => {
  const keys = (id: string) => manifest.contributes.keybindings.filter((k: { command: string }) => k.command === id).map((k: { key: string }) => k.key);
  assert.deepEqual(keys('grounded.askSelection'), ['ctrl+alt+a']);
  assert.deepEqual(keys('grounded.askSelectionInEditor'), []);
});

test('a newcomer who types "grounded", "ask" or "chat" in the palette finds a Grounded command, "chat" one beside VS Code\'s own Chat commands', () => {
  const conditional = new Set<string>(manifest.contributes.menus.commandPalette.filter((m: { when?: string }) => m.when).map((m: Command) => m.command));
  const labels = [...commands.values()].filter((c) => !conditional.has(c.command)).map((c) => `${c.category}: ${c.title}`);
  for (const word of ['grounded', 'ask', 'chat']) {
    const found = labels.filter((l) => l.toLowerCase().includes(word) && /grounded/i.test(l));
    assert.ok(found.length > 0, `"${word}" finds no Grounded command among:\n${labels.join('\n')}`);
  }
  // The palette lists the matches of a word alphabetically: under "Grounded:" the chat command came after some
  // forty "Chat: …" commands, out of sight. In the Chat category it is listed among them.
  const chat = commands.get('grounded.askInChat')!;
  assert.equal(`${chat.category}: ${chat.title}`, 'Chat: Ask Grounded (@grounded)');
});
