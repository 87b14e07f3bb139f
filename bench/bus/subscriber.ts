/**
 * One subscribing "app process" of `npm run bench:bus`: the site's Redis bus with a listener
 * that does what a process with no viewer in the room does with a room frame (reads its kind and
 * room), counting messages. Told `start` and `stop` over IPC, it answers with what it received
 * and the CPU it spent in between.
 */
import { createRedisBus } from '../../src/server/shared/bus.ts';

const url = process.argv[2];
if (!url || !process.send) throw new Error('run by bench/bus.ts');
const bus = await createRedisBus(url);
let received = 0;
let rooms = 0;
bus.subscribe((message) => {
  received++;
  if (message.kind === 'room' && message.anchorId > 0) rooms++;
});
let from = process.cpuUsage();
let counted = 0;
process.on('message', (command: string) => {
  if (command === 'start') {
    from = process.cpuUsage();
    counted = received;
    process.send!({ ready: true });
  } else if (command === 'stop') {
    const used = process.cpuUsage(from);
    process.send!({ received: received - counted, rooms, cpuMicros: used.user + used.system });
  } else if (command === 'exit') {
    void bus.close().then(() => process.exit(0));
  }
});
process.send({ ready: true });
