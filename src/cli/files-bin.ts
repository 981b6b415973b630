import { processIO } from './io';
import { runAsProcess, runCommand } from './run-command';

// `grounded files` bundled on its own (dist/cli-files.js, chosen by bin/grounded.js): a listing
// should cost little more than git's own, and loading the whole CLI's 3.7 MB before starting git
// took about a third of it. The same command and contract as through main.ts.
runAsProcess((argv) => runCommand('files', () => import('./commands/files'), argv.slice(1), processIO), { exitWhenWritten: true });
