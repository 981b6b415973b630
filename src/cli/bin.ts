import { main } from './main';

// `grounded query … | head` closes stdout early: that is the reader's choice, not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

// The executable entry: kept apart from main.ts so tests can import main without running it.
main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
