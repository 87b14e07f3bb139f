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

/** A worker's answer to `collect`: for each app port and line id, when each socket received it. */
export type Receipts = [port: number, lineId: number, at: number[]][];

const { ports, count, matchId } = workerData as WatcherData;
/** Receipts by `${port}:${lineId}`. */
const receipts = new Map<string, number[]>();
const sockets: WebSocket[] = [];

interface Frame {
  type: string;
  data: unknown;
}

function note(port: number, frame: Frame, now: number): void {
  if (frame.type === 'batch') {
    for (const inner of frame.data as Frame[]) note(port, inner, now);
    return;
  }
  if (frame.type !== 'matchLive') return;
  const data = frame.data as { kind: string; payload: string };
  if (data.kind !== 'text') return;
  const { id } = JSON.parse(data.payload) as { id: number };
  const key = `${port}:${id}`;
  let list = receipts.get(key);
  if (!list) receipts.set(key, (list = []));
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
      if (text.includes('"matchLive"')) note(port, JSON.parse(text) as Frame, now);
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
    const answer: Receipts = [...receipts].map(([key, at]) => {
      const [port, id] = key.split(':').map(Number) as [number, number];
      return [port, id, at];
    });
    parentPort!.postMessage(answer);
  } else {
    for (const ws of sockets) ws.terminate();
    parentPort!.close();
  }
});
