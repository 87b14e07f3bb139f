/**
 * `npm test`: everything CI runs, in order: system packages check; typecheck, lint, format and
 * build in two lanes side by side; unit and integration tests; end-to-end tests. Ends with
 * `N passed, N failed`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildIsStale } from './build-state.ts';
import { CHROMIUM_PATH } from './chromium.ts';

const bin = (name: string) => path.resolve('node_modules/.bin', name);

function run(label: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  process.stdout.write(`\n▶ ${label}\n`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  process.stdout.write(
    `${ok ? '✔' : '✘'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
  );
  return ok;
}

/** A command of a lane: its label, program and arguments, and extra environment. */
type Command = [label: string, cmd: string, args: string[], env?: NodeJS.ProcessEnv];

/** Runs `command` with its output held back, then prints it whole under its label. */
function runQuietly([label, cmd, args, env = {}]: Command): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const ok = code === 0;
      process.stdout.write(`\n▶ ${label}\n${Buffer.concat(output).toString()}`);
      process.stdout.write(
        `${ok ? '✔' : '✘'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
      );
      resolve(ok);
    });
  });
}

/**
 * Runs the lanes side by side, each lane's commands one after another until one fails. Each of
 * these tools works on one core, so two lanes on two cores take about half the time.
 */
async function runLanes(lanes: Command[][]): Promise<boolean> {
  const results = await Promise.all(
    lanes.map(async (lane) => {
      for (const command of lane) if (!(await runQuietly(command))) return false;
      return true;
    }),
  );
  return results.every(Boolean);
}

function hasCjkFont(): boolean {
  const r = spawnSync('fc-list', [':lang=zh'], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim().length > 0;
}

/** Installs Chromium and CJK fonts from Debian when missing and running as root. */
function ensureSystemPackages(): boolean {
  const missing: string[] = [];
  if (!existsSync(CHROMIUM_PATH)) missing.push('chromium');
  if (!hasCjkFont()) missing.push('fonts-noto-cjk');
  if (missing.length === 0) return true;
  if (process.getuid?.() !== 0) {
    process.stderr.write(
      `Missing system packages: run  sudo apt-get install -y ${missing.join(' ')}\n`,
    );
    return false;
  }
  return (
    run('apt-get update', 'apt-get', ['update', '-qq']) &&
    run(`apt-get install ${missing.join(' ')}`, 'apt-get', ['install', '-y', '-qq', ...missing], {
      DEBIAN_FRONTEND: 'noninteractive',
    })
  );
}

interface Counts {
  passed: number;
  failed: number;
}

function vitestCounts(file: string): Counts {
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
  };
  return { passed: r.numPassedTests, failed: r.numFailedTests };
}

function playwrightCounts(file: string): Counts {
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
  };
  return { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected };
}

const vitestJson = path.resolve('test-results/vitest.json');
const playwrightJson = path.resolve('test-results/playwright.json');
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });

const steps: [string, () => boolean | Promise<boolean>][] = [
  ['system packages', ensureSystemPackages],
  [
    'typecheck, lint, format and build',
    () =>
      runLanes([
        // The build and astro check write the generated types (.astro/) that tsc reads.
        [
          // Before vitest: the page suites serve the built site (tests/integration/page-server.ts).
          ...(buildIsStale()
            ? [['build', process.execPath, ['scripts/build.ts']] satisfies Command]
            : []),
          [
            'astro check',
            process.execPath,
            [path.resolve('node_modules/astro/bin/astro.mjs'), 'check'],
            { ASTRO_TELEMETRY_DISABLED: '1' },
          ],
          ['tsc --noEmit', bin('tsc'), ['--noEmit', '-p', '.']],
        ],
        // Prettier needs no types; by the time it is done the other lane has written them for
        // eslint's typed rules.
        [
          ['prettier --check', bin('prettier'), ['--check', '.', '--log-level', 'warn']],
          ['eslint', bin('eslint'), ['.', '--max-warnings', '0']],
        ],
      ]),
  ],
  [
    'unit and integration',
    () =>
      run('vitest', bin('vitest'), [
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile=${vitestJson}`,
      ]),
  ],
  ['end-to-end', () => run('playwright', bin('playwright'), ['test'])],
];

let failedStep: string | undefined;
for (const [name, step] of steps) {
  if (!(await step())) {
    failedStep = name;
    break;
  }
}
const v = vitestCounts(vitestJson);
const p = playwrightCounts(playwrightJson);
const passed = v.passed + p.passed;
const failed = v.failed + p.failed + (failedStep && v.failed + p.failed === 0 ? 1 : 0);
if (failedStep) process.stdout.write(`\nFailed at: ${failedStep}\n`);
process.stdout.write(
  `\nvitest: ${v.passed} passed, ${v.failed} failed; playwright: ${p.passed} passed, ${p.failed} failed\n`,
);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failedStep ? 1 : 0);
