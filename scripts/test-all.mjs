// The README's test command (`npm test`): typecheck, build, unit tests, then the suites that run
// in a real VS Code (set up on a fresh machine by scripts/run-vscode-tests.mjs). Ends with one
// plain line "N passed, N failed" summing every runner, after the engine's line coverage.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const steps = [
  { name: 'typecheck', cmd: ['npx', 'tsc', '-p', '.', '--noEmit'] },
  { name: 'build', cmd: ['node', 'esbuild.mjs'] },
  { name: 'unit', cmd: ['node', 'scripts/run-unit-tests.mjs'], counts: true },
];
if (existsSync('scripts/run-vscode-tests.mjs') && !process.env.GROUNDED_SKIP_VSCODE) {
  steps.push({ name: 'vscode', cmd: ['node', 'scripts/run-vscode-tests.mjs'], counts: true });
}

function run(step) {
  return new Promise((resolve) => {
    const child = spawn(step.cmd[0], step.cmd.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      process.stdout.write(d);
      out += d.toString();
    });
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

let passed = 0;
let failed = 0;
let broken = [];
let coverage = [];
for (const step of steps) {
  console.log(`\n=== ${step.name}: ${step.cmd.join(' ')}`);
  const { code, out } = await run(step);
  if (step.counts) {
    // node's TAP closing lines, or a plain "N passed, N failed" line from our own runners.
    const tapPass = [...out.matchAll(/^# pass (\d+)$/gm)].map((m) => +m[1]);
    const tapFail = [...out.matchAll(/^# fail (\d+)$/gm)].map((m) => +m[1]);
    const plain = [...out.matchAll(/^(?:\w+: )?(\d+) passed, (\d+) failed/gm)];
    if (tapPass.length) {
      passed += tapPass.at(-1);
      failed += tapFail.at(-1) ?? 0;
    } else if (plain.length) {
      passed += +plain.at(-1)[1];
      failed += +plain.at(-1)[2];
    }
  }
  coverage.push(...[...out.matchAll(/^coverage: .*$/gm)].map((m) => m[0]));
  if (code !== 0) broken.push(`${step.name} (exit ${code})`);
}
if (coverage.length) console.log(`\n${coverage.join('\n')}`);
if (broken.length) console.log(`\nFailed steps: ${broken.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(broken.length || failed ? 1 : 0);
