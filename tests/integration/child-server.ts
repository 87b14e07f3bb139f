/**
 * The server in a child process under `ulimit` settings (a small open-file limit sizes its
 * connection caps), for the suites that flood it with sockets.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** Starts the server under `ulimit`; resolves with its URL and the last log line of each event. */
export async function childServer(ulimit: string, dataDir: string, env: NodeJS.ProcessEnv = {}) {
  const main = path.resolve('src/server/main.ts');
  const script = `const { startServer } = await import(${JSON.stringify(main)}); await startServer();`;
  const child: ChildProcess = spawn(
    'bash',
    ['-c', `${ulimit} && exec "$0" --input-type=module -e '${script}'`, process.execPath],
    {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_REQUESTS: '0',
        SEED_DEMO: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const events: Record<string, Record<string, unknown>> = {};
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (let i = buffer.indexOf('\n'); i !== -1; i = buffer.indexOf('\n')) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 1);
        try {
          const event = JSON.parse(line) as { event: string; url?: string };
          events[event.event] = event;
          if (event.event === 'listening') resolve(event.url!);
        } catch {
          // not a log line
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { url, events, child };
}
