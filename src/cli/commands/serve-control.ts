import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import { connectResident } from '../../engine/resident/context-client';
import { answersAt } from '../../engine/resident/socket-path';
import type { ServeStatus } from '../../engine/resident/protocol';
import { ensureStateDir } from '../../engine/workspace/state-dir';
import { ExitCode } from '../exit-codes';
import type { CliIO } from '../io';

/** A server started with --detach that is not answering after this long is reported as failed. */
const DETACH_WAIT_MS = 120_000;
/** A detached server with no --idle-minutes stops after this long without a request. */
export const DETACHED_IDLE_MINUTES = 60;

export const count = (n: number) => n.toLocaleString('en-US');

/** The server's log of a detached run: counts and times only, like the foreground's stderr. */
export const serveLogPath = (root: string) => path.join(root, '.agent', 'state', 'serve.log');

export function describeStatus(s: ServeStatus): string {
  let indexing = '';
  if (s.indexing) indexing = s.indexing.total ? `, indexing ${count(s.indexing.indexed)} of ${count(s.indexing.total)} files` : ', looking for changes';
  if (s.host === 'VS Code') return `VS Code's index server answers for ${s.root} (the folder is open there): pid ${s.pid}, ${count(s.files)} files${indexing}`;
  const watching = s.watchedFolders ? `${count(s.watchedFolders)} folders watched` : 'not watching: each question re-lists the files';
  return `a server answers for ${s.root}: pid ${s.pid}, ${count(s.files)} files, ${watching}${indexing}`;
}

/** The state of the server answering for `root`, said in a line; a plain sentence when it does not say. */
export async function describeServer(root: string): Promise<string> {
  const status = await statusOf(root);
  return status ? describeStatus(status) : `a server already answers for ${root}`;
}

/**
 * How to run this CLI again: the whole CLI's bundle (dist/cli.js, beside the bundle running, which
 * may be `grounded files`' own), or the sources through tsx (resolved from this checkout, so the
 * run starts there).
 */
function cliCommand(root: string): { args: string[]; cwd: string } {
  if (!__filename.endsWith('.ts')) return { args: [path.join(path.dirname(__filename), 'cli.js')], cwd: root };
  return { args: ['--import', 'tsx', path.join(__dirname, '..', 'bin.ts')], cwd: path.join(__dirname, '..', '..', '..') };
}

/** The state of the folder's server; undefined when none answers. */
async function statusOf(root: string): Promise<ServeStatus | undefined> {
  const client = await connectResident(root);
  const status = await client?.status().catch(() => undefined);
  client?.close();
  return status;
}

/** `grounded serve --status`: exit 0 with the server's state when one answers, 1 otherwise. */
export async function serveStatus(root: string, json: boolean, io: CliIO): Promise<number> {
  const status = await statusOf(root);
  if (json) io.stdout(`${JSON.stringify({ running: Boolean(status), ...(status ?? { root }) }, null, 2)}\n`);
  else io.stdout(status ? `${describeStatus(status)}\n` : `no server answers for ${root}\n`);
  return status ? ExitCode.ok : ExitCode.failed;
}

/** `grounded serve --stop`: asks the folder's server to stop and waits until its socket is gone. */
export async function serveStop(root: string, io: CliIO): Promise<number> {
  const client = await connectResident(root);
  const status = await client?.shutdown().catch(() => undefined);
  client?.close();
  if (!client || !status) {
    io.stdout(`no server answers for ${root}\n`);
    return ExitCode.failed;
  }
  for (let waited = 0; waited < 10_000 && (await answersAt(client.socketPath)); waited += 50) await new Promise((r) => setTimeout(r, 50));
  if (status.host === 'VS Code') {
    io.stdout(`VS Code's index server (pid ${status.pid}) no longer answers the CLI for ${root}; it goes on indexing for VS Code\n`);
  } else io.stdout(`stopped the server of ${root} (pid ${status.pid})\n`);
  return ExitCode.ok;
}

/** Starts `grounded serve` for `root` as a process of its own, its output appended to .agent/state/serve.log. */
export function spawnServer(root: string, idleMinutes: string): ChildProcess {
  const logFile = serveLogPath(root);
  ensureStateDir(path.dirname(logFile));
  const log = openSync(logFile, 'a', 0o600);
  const cli = cliCommand(root);
  try {
    return spawn(process.execPath, [...cli.args, 'serve', '--root', root, '--idle-minutes', idleMinutes], {
      cwd: cli.cwd, detached: true, stdio: ['ignore', log, log], windowsHide: true,
    });
  } finally {
    closeSync(log);
  }
}

/**
 * `grounded serve --detach`: starts the server as a process of its own (its log in
 * .agent/state/serve.log) and returns once it answers, saying how to stop it.
 */
export async function serveDetached(root: string, idleMinutes: number | undefined, io: CliIO): Promise<number> {
  const running = await connectResident(root);
  if (running) {
    const status = await running.status().catch(() => undefined);
    running.close();
    io.stderr(`grounded serve: ${status ? describeStatus(status) : `a server already answers for ${root}`}\n`);
    return ExitCode.failed;
  }
  const idle = String(idleMinutes ?? DETACHED_IDLE_MINUTES);
  const logFile = serveLogPath(root);
  const child = spawnServer(root, idle);
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  for (let waited = 0; waited < DETACH_WAIT_MS && exited === undefined; waited += 100) {
    const status = await statusOf(root);
    if (status) {
      child.unref();
      io.stdout(`${describeStatus(status)} (in the background; stops after ${idle} idle minutes)\n`);
      io.stdout(`log: ${path.relative(root, logFile)}; stop it with: grounded serve --stop${root === io.cwd ? '' : ` --root ${root}`}\n`);
      return ExitCode.ok;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (exited === undefined) child.kill();
  io.stderr(`grounded serve: the server did not start${exited === undefined ? ' in time' : ` (exit ${exited})`}; see ${logFile}\n`);
  return ExitCode.runtime;
}
