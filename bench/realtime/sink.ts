/**
 * A cheap WebSocket client for the realtime benchmark's silent viewers: a plain TCP socket that
 * does the HTTP upgrade by hand and reads what the server sends without decoding it once the
 * client has joined. It counts the bytes and the WebSocket messages (by walking the frame
 * headers), so the load generator spends its CPU reading sockets, as the viewers' own machines
 * would, not parsing JSON nobody looks at. Every viewer of a room receives the same bytes, so a
 * sink's byte count, against a probe's, says whether it got everything. Probes, which measure
 * latency, stay full `ws` clients.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { guestId, signUserSig } from '../../src/server/auth/usersig.ts';

/** The benchmark's room: a demo anchor's user id. */
export const ROOM = '100003';

/** What a sink has received since its counters were last reset. */
export interface SinkCounts {
  /** Payload bytes of those messages. */
  bytes: number;
  /** WebSocket messages (complete frames). */
  messages: number;
}

/** A joined silent viewer. */
export interface Sink {
  counts: SinkCounts;
  close: () => void;
}

/** How a sink talks to its server until it has joined, and to its short messages after. */
export interface SinkScript {
  /** Path of the upgrade request. */
  path: string;
  /** Text sent as soon as the socket is upgraded. */
  open?: string;
  /**
   * Called with every message before joining, and with messages of at most 4 bytes after
   * (keep-alive pings); answers with text to send and whether the client has now joined.
   */
  onText: (text: string) => { reply?: string; joined?: boolean };
}

/**
 * The buffer every sink of a thread reads into (`onread`): a read is handled before the next
 * one starts, and what must outlive it is copied, so no read allocates.
 */
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);

/** Payloads this short are decoded even after joining (pings of the protocol). */
const SHORT = 4;

/** A masked client text frame (RFC 6455 §5.2), as every client frame must be. */
export function clientFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const n = payload.length;
  const headerLength = n < 126 ? 2 : n < 65536 ? 4 : 10;
  const frame = Buffer.alloc(headerLength + 4 + n);
  frame[0] = 0x81;
  if (n < 126) frame[1] = 0x80 | n;
  else if (n < 65536) {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 0x80 | 127;
    frame.writeBigUInt64BE(BigInt(n), 2);
  }
  const mask = randomBytes(4);
  mask.copy(frame, headerLength);
  for (let i = 0; i < n; i++) frame[headerLength + 4 + i] = payload[i]! ^ mask[i & 3]!;
  return frame;
}

/** Connects to `ws://127.0.0.1:{port}{script.path}` and resolves once the client has joined. */
export function connectSink(port: number, script: SinkScript): Promise<Sink> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({
      port,
      host: '127.0.0.1',
      noDelay: true,
      onread: {
        buffer: READ_BUFFER,
        callback: (n) => {
          onData(READ_BUFFER.subarray(0, n));
          return true;
        },
      },
    });
    const counts: SinkCounts = { bytes: 0, messages: 0 };
    const sink: Sink = { counts, close: () => socket.destroy() };
    let upgraded = false;
    let joined = false;
    let head = Buffer.alloc(0);
    // Payload bytes of the current (undecoded) message still to come; bytes kept for the
    // next read when a header, or a message to decode, is split across reads.
    let need = 0;
    let partial = Buffer.alloc(0);

    function onText(text: string): void {
      const answer = script.onText(text);
      if (answer.reply !== undefined) socket.write(clientFrame(answer.reply));
      if (answer.joined && !joined) {
        joined = true;
        resolve(sink);
      }
    }

    function read(chunk: Buffer): void {
      const data = partial.length ? Buffer.concat([partial, chunk]) : chunk;
      let at = 0;
      while (at < data.length) {
        if (need > 0) {
          const take = Math.min(need, data.length - at);
          need -= take;
          at += take;
          if (need === 0) counts.messages++;
          continue;
        }
        // Server frames are unmasked: 2 bytes, then 2 or 8 bytes of length when needed.
        if (data.length - at < 2) break;
        const small = data[at + 1]! & 0x7f;
        const headerLength = small < 126 ? 2 : small === 126 ? 4 : 10;
        if (data.length - at < headerLength) break;
        const length =
          small < 126
            ? small
            : small === 126
              ? data.readUInt16BE(at + 2)
              : Number(data.readBigUInt64BE(at + 2));
        counts.bytes += length;
        if (!joined || length <= SHORT) {
          if (data.length - at < headerLength + length) break;
          const start = at + headerLength;
          at = start + length;
          counts.messages++;
          onText(data.toString('utf8', start, at));
          continue;
        }
        at += headerLength;
        need = length;
      }
      partial = at < data.length ? Buffer.from(data.subarray(at)) : Buffer.alloc(0);
    }

    socket.once('error', reject);
    // A server that closes the socket before the join (a connection cap) fails the run rather
    // than leaving it waiting; after the join this changes nothing.
    socket.once('close', () => reject(new Error('closed before the join was answered')));
    socket.once('connect', () => {
      socket.write(
        `GET ${script.path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n` +
          'Sec-WebSocket-Version: 13\r\n\r\n',
      );
    });
    function onData(chunk: Buffer): void {
      if (upgraded) return read(chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) return;
      if (!head.subarray(0, 12).toString().includes(' 101')) {
        reject(new Error(`upgrade refused: ${head.subarray(0, end).toString()}`));
        socket.destroy();
        return;
      }
      upgraded = true;
      if (script.open !== undefined) socket.write(clientFrame(script.open));
      const rest = head.subarray(end + 4);
      if (rest.length) read(rest);
    }
  });
}

/** The hub's join frame: a guest (`first`) for viewers, a logged-in user for senders. */
export function hubJoin(
  secret: string,
  index: number,
  sender?: { id: string; sig: string },
): string {
  const id = sender?.id ?? guestId(secret, `bench-device-${index}`);
  const sig = sender?.sig ?? signUserSig(secret, id);
  return JSON.stringify({
    type: sender ? 'login' : 'first',
    data: { groupId: ROOM, channel: 'OFFICIAL', id, sig },
  });
}

/** How viewer `index` joins the hub (as a guest) or the socket.io server (its handshake). */
export function sinkScript(kind: 'hub' | 'socketio', secret: string, index: number): SinkScript {
  if (kind === 'hub') {
    return {
      path: '/im?lang=en',
      open: hubJoin(secret, index),
      onText: () => ({ joined: true }),
    };
  }
  return {
    path: '/socket.io/?EIO=4&transport=websocket',
    onText: (text) =>
      text === '2'
        ? { reply: '3' }
        : text.startsWith('0{')
          ? { reply: '40' }
          : text.startsWith('40')
            ? { reply: '42["join","room"]', joined: true }
            : {},
  };
}
