import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimRecording, releaseRecording } from './claim.ts';

describe('recording claims', () => {
  let dir = '';
  let file = '';
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'claim-'));
    file = path.join(dir, '17-1764160000.flv');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lets one claimer in until it releases', async () => {
    expect(await claimRecording(file)).toBe(true);
    expect(existsSync(`${file}.claim`)).toBe(true);
    await releaseRecording(file);
    expect(existsSync(`${file}.claim`)).toBe(false);
  });

  it('leaves a file claimed by another live process', async () => {
    // The parent of this test process is alive and is not this process.
    writeFileSync(`${file}.claim`, String(process.ppid));
    expect(await claimRecording(file)).toBe(false);
  });

  it('takes over the claim of a process that is gone', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(`${file}.claim`, gone.stdout.toString());
    expect(await claimRecording(file)).toBe(true);
  });
});
