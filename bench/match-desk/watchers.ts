/**
 * A worker thread of the match desk benchmark holding a share of the sockets that follow the
 * match (`watchMatch`), so reading ten thousand sockets does not delay the desk's calls and
 * clocks on the main thread. Each socket notes when each text line reached it (Date.now(), the
 * same clock as the main thread's). Answers `collect` with the receipts and `close`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { WebSocket } from 'ws';

/** What the main thread gives a worker. */
export interface WatcherData {
  /** App ports; the worker's sockets join them in turn. */
  ports: number[];
  count: number;
  matchId: number;
}

/** A worker's answer to `collect`: for each line id, when each socket received it. */
export type Receipts = [lineId: number, at: number[]][];

const { ports, count, matchId } = workerData as WatcherData;
const receipts = new Map<number, number[]>();
const sockets: WebSocket[] = [];

interface Frame {
  type: string;
  data: unknown;
}

function note(frame: Frame, now: number): void {
  if (frame.type === 'batch') {
    for (const inner of frame.data as Frame[]) note(inner, now);
    return;
  }
  if (frame.type !== 'matchLive') return;
  const data = frame.data as { kind: string; payload: string };
  if (data.kind !== 'text') return;
  const { id } = JSON.parse(data.payload) as { id: number };
  let list = receipts.get(id);
  if (!list) receipts.set(id, (list = []));
  list.push(now);
}

/** Opens one follower; resolves once the hub has taken its watchMatch (its ping answered). */
function follow(port: number): Promise<WebSocket> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/im?lang=en`, { perMessageDeflate: false });
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => {
      ws.send(JSON.stringify({ type: 'watchMatch', data: { matchId } }));
      ws.send(JSON.stringify({ type: 'ping', data: {} }));
    });
    ws.on('message', (raw: Buffer) => {
      const now = Date.now();
      const text = raw.toString();
      if (text.includes('"pong"')) return resolve(ws);
      if (text.includes('"matchLive"')) note(JSON.parse(text) as Frame, now);
    });
  });
}

for (let start = 0; start < count; start += 250) {
  const batch = Array.from({ length: Math.min(250, count - start) }, (_, j) =>
    follow(ports[(start + j) % ports.length]!),
  );
  sockets.push(...(await Promise.all(batch)));
}
parentPort!.postMessage('ready');
parentPort!.on('message', (message: 'collect' | 'close') => {
  if (message === 'collect') {
    parentPort!.postMessage([...receipts] satisfies Receipts);
  } else {
    for (const ws of sockets) ws.terminate();
    parentPort!.close();
  }
});
