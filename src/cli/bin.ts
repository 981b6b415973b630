import { main } from './main';
import { runAsProcess } from './run-command';

// The executable entry: kept apart from main.ts so tests can import main without running it.
runAsProcess(main);
