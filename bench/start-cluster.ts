/**
 * `npm run cluster` (scripts/cluster.ts) as the benchmarks start it: its own PostgreSQL and Redis
 * on loopback, nothing reused from the environment, stopped when the benchmark exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { freePort } from '../scripts/cluster/services.ts';

/** The cluster's ready line. */
export interface ClusterReady {
  url: string;
  apps: { port: number; pid: number }[];
  database_url: string;
}

/** A running cluster: its process, its ready line and how to stop it. */
export interface BenchCluster {
  child: ChildProcess;
  info: ClusterReady;
  /** Stops the cluster and resolves once it has exited. */
  stop: () => Promise<void>;
}

/** Starts the cluster with `env` added (SECRET, CLUSTER_PROCESSES, limits...). */
export async function startCluster(env: NodeJS.ProcessEnv): Promise<BenchCluster> {
  const child = spawn(process.execPath, ['scripts/cluster.ts'], {
    env: {
      ...process.env,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      CLUSTER_PROCESSES: '2',
      LOG_REQUESTS: '0',
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: '',
      // The demo match stays as seeded: its frames would count in the figures.
      DEMO_MATCH_PACE_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const kill = () => child.kill('SIGTERM');
  process.once('exit', kill);
  const info = await new Promise<ClusterReady>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (line.includes('"cluster_ready"')) resolve(JSON.parse(line) as ClusterReady);
    });
    child.once('exit', (code) => reject(new Error(`cluster exited with ${code}`)));
  });
  return {
    child,
    info,
    async stop() {
      process.off('exit', kill);
      if (child.exitCode !== null) return;
      const exit = new Promise((resolve) => child.once('exit', resolve));
      kill();
      await exit;
    },
  };
}
