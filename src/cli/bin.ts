import { main } from './main';

// The executable entry: kept apart from main.ts so tests can import main without running it.
main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
