// `npm run package`: a production build, then grounded.vsix, then what it holds and its size.
// Fails when the package would ship source maps or the webview's sources (media/src).
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const vsce = require.resolve('@vscode/vsce/vsce');
const run = (cmd, args) => {
  try {
    return execFileSync(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] }).toString();
  } catch (err) {
    console.error(`npm run package: ${args.slice(0, 2).join(' ')} failed (exit ${err.status}); see its output above.`);
    process.exit(1);
  }
};

run(process.execPath, ['esbuild.mjs', '--production']);
const files = run(process.execPath, [vsce, 'ls', '--no-dependencies']).split('\n').filter(Boolean);
const unwanted = files.filter((f) => f.endsWith('.map') || f.startsWith('media/src/'));
if (unwanted.length) {
  console.error(`grounded.vsix would ship files it must not:\n${unwanted.join('\n')}\nFix .vscodeignore.`);
  process.exit(1);
}
run(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--no-rewrite-relative-links', '--out', 'grounded.vsix']);
const bytes = statSync('grounded.vsix').size;
console.log(`grounded.vsix: ${(bytes / 1024 / 1024).toFixed(2)} MB (${bytes.toLocaleString('en-US')} bytes), ${files.length} files, no source maps`);
