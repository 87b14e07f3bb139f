/**
 * The latency benchmark's WebRTC CPU cases: what one published stream and each WHEP viewer cost
 * the WebRTC ingest. One WHIP publisher pushes the clock (as in the latency cases: 640x360,
 * 1.5 Mb/s H.264 and 48 kb/s Opus); the ingest's process (bench/webrtc-ingest.ts) and the ffmpeg
 * it forwards through are read from /proc/<pid>/stat over a window with no viewer, then with
 * werift WHEP viewers (bench/webrtc-viewers.ts, one process of their own, on the ingest's address
 * directly: the site's pass-through allows an address 30 new sessions a minute) added up to each
 * step. CPU is a share of one core. Stops at the step where the ingest reaches a full core or
 * delivery degrades (a viewer loses over 1 % of its packets by their sequence numbers, or gets
 * under 95 % of the packets published in the window: a backlog of most of a second), and says which
 * (and whether the machine's cores were saturated then: viewers and ingest share two cores).
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { busySince, machineTicks } from './latency-clock.ts';
import { endLiveAndClean, startClockLive, waitForPlaylist, type Live } from './latency-live.ts';
import {
  feedClock,
  unpublish,
  whipPublish,
  WEBRTC_GOP,
  type IngestProcess,
} from './latency-webrtc.ts';

const TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** CPU seconds (user + system, all threads) a process has used; 0 once it is gone. */
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** The ffmpeg children of `parent` (the ingest's forwards), oldest first. */
function ffmpegChildren(parent: number): number[] {
  const found: { pid: number; started: number }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (comm === 'ffmpeg' && Number(fields[1]) === parent) {
        found.push({ pid: Number(entry), started: Number(fields[19]) });
      }
    } catch {
      // Gone meanwhile.
    }
  }
  return found.sort((a, b) => a.started - b.started).map((f) => f.pid);
}

/** The forward of the one stream, once the forwards of earlier lives have exited. */
async function loneForward(parent: number): Promise<number> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const pids = ffmpegChildren(parent);
    if (pids.length === 1) return pids[0]!;
    if (Date.now() > deadline) throw new Error(`${pids.length} forwards under the WebRTC ingest`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface ViewerCount {
  connected: boolean;
  video: number;
  audio: number;
  lost: number;
}

/** Sends `message` to the viewers' process and resolves with its answer. */
function ask<T>(child: ChildProcess, message: object): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as T));
    child.send(message);
  });
}

/** One step: the figures of a window with `viewers` WHEP viewers. */
export interface CpuStep {
  viewers: number;
  /** Share of one core: the ingest's process, its forwarding ffmpeg, the viewers' process. */
  ingest: number;
  forward: number;
  viewerProcess: number;
  /** Share of all the machine's cores busy. */
  machine: number;
  /** Packets per second the publisher sent (video + audio). */
  publishedPerSecond: number;
  /** Per viewer: packets received / published in the window, least and mean; packets lost. */
  deliveredMin: number;
  deliveredMean: number;
  lostMax: number;
}

/** The whole run: the steps, the per-viewer slope and the viewers one process carries. */
export interface CpuResult {
  seconds: number;
  steps: CpuStep[];
  /** Ingest CPU per viewer (share of a core), least squares over the steps. */
  perViewer: number;
  /** Ingest CPU with one published stream and no viewer. */
  perStream: number;
  forwardPerStream: number;
  carried: { viewers: number; limit: string };
}

/** Runs the steps (`steps` viewers each, growing) on a fresh live pushed over WHIP. */
export async function runCpuCases(
  live: Live,
  ingest: IngestProcess,
  options: { seconds: number; steps: number[] },
): Promise<CpuResult> {
  const { seconds } = options;
  await startClockLive(live, true);
  const publisher = await whipPublish(`${live.siteUrl}/whip/${live.anchorId}?key=${live.key}`);
  const feed = await feedClock(publisher, WEBRTC_GOP, (options.steps.length + 1) * (seconds + 60));
  const viewers = fork(path.resolve('bench/webrtc-viewers.ts'), [], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const steps: CpuStep[] = [];
  let limit = '';
  try {
    await waitForPlaylist(live);
    await new Promise((r) => setTimeout(r, 3_000));
    const forwardPid = await loneForward(ingest.pid);
    let open = 0;
    for (const target of [0, ...options.steps]) {
      if (target > open) {
        const { added, failed } = await ask<{ added: number; failed: number }>(viewers, {
          add: target - open,
          url: `${ingest.url}/whep/${live.anchorId}`,
        });
        open += added;
        if (failed > 0) console.warn(`${failed} WHEP viewers did not connect`);
        // Joins ask the publisher for a keyframe; let that pass before measuring.
        await new Promise((r) => setTimeout(r, 3_000));
      }
      await ask(viewers, { mark: true });
      const pids = [ingest.pid, forwardPid, viewers.pid];
      const cpu0 = pids.map(cpuSeconds);
      const machine0 = machineTicks();
      const sent0 = feed.sent.video + feed.sent.audio;
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, seconds * 1000));
      const elapsed = (performance.now() - t0) / 1000;
      const cpu = pids.map((pid, i) => (cpuSeconds(pid) - cpu0[i]!) / elapsed);
      const machine = busySince(machine0);
      const published = feed.sent.video + feed.sent.audio - sent0;
      const counts = (await ask<{ viewers: ViewerCount[] }>(viewers, { report: true })).viewers;
      const delivered = counts.map((v) => (v.video + v.audio) / published);
      const step: CpuStep = {
        viewers: open,
        ingest: cpu[0]!,
        forward: cpu[1]!,
        viewerProcess: cpu[2]!,
        machine,
        publishedPerSecond: published / elapsed,
        deliveredMin: counts.length ? Math.min(...delivered) : NaN,
        deliveredMean: counts.length ? delivered.reduce((a, b) => a + b, 0) / counts.length : NaN,
        lostMax: counts.length ? Math.max(...counts.map((v) => v.lost)) : 0,
      };
      steps.push(step);
      console.log(JSON.stringify(step));
      const worstLoss = counts.length ? step.lostMax / published : 0;
      if (step.ingest >= 1) limit = 'the ingest reached one full core';
      else if (counts.some((v) => !v.connected) || step.deliveredMin < 0.95 || worstLoss > 0.01)
        limit =
          step.machine >= 0.95
            ? "delivery degraded with the machine's cores saturated"
            : 'delivery degraded';
      if (limit) break;
    }
  } finally {
    viewers.kill('SIGTERM');
    await feed.stop();
    await unpublish(live.siteUrl, publisher);
    await endLiveAndClean(live);
  }
  // Least squares of the ingest's CPU on the number of viewers.
  const n = steps.length;
  const mx = steps.reduce((a, s) => a + s.viewers, 0) / n;
  const my = steps.reduce((a, s) => a + s.ingest, 0) / n;
  const sxy = steps.reduce((a, s) => a + (s.viewers - mx) * (s.ingest - my), 0);
  const sxx = steps.reduce((a, s) => a + (s.viewers - mx) ** 2, 0);
  const perViewer = sxx ? sxy / sxx : NaN;
  const last = steps[steps.length - 1]!;
  const carried = limit
    ? { viewers: last.viewers, limit }
    : {
        viewers: Math.floor((1 - (my - perViewer * mx)) / perViewer),
        limit: `none reached up to ${last.viewers} viewers; one full core extrapolated from the slope`,
      };
  return {
    seconds,
    steps,
    perViewer,
    perStream: steps[0]!.ingest,
    forwardPerStream: steps[0]!.forward,
    carried,
  };
}
