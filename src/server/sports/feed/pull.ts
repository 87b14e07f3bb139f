/**
 * The scheduled pull: with FOOTBALL_DATA_KEY set, the process holding the feed's lease (one per
 * deployment, see shared/lease.ts) asks football-data.org for the configured competitions'
 * matches from yesterday to a week ahead every interval and imports them. One call per interval
 * keeps well inside the free plan's 10 calls a minute; a 429 waits for the counter's reset. A
 * failure is logged, without the key, and the next interval tries again. Without a key nothing
 * is pulled and one info line says so.
 */
import type { Db } from '../../db/index.ts';
import type { FootballDataConfig } from '../../env.ts';
import { log } from '../../log.ts';
import type { Runtime } from '../../runtime.ts';
import { createLease } from '../../shared/lease.ts';
import { importMatches, type ImportReport } from './import.ts';

/** Days before today (UTC) whose matches are pulled again, for results that came in late. */
const DAYS_BACK = 1;
/** Days after today (UTC) whose fixtures are pulled: the coming week, in one short answer. */
const DAYS_AHEAD = 7;
/** Longest wait for the provider's answer. */
const REQUEST_TIMEOUT_MS = 20_000;

/** A refused or failed call to the provider; its message never holds the key. */
export class FeedPullError extends Error {
  /** Seconds the provider asks us to wait (429), when it says. */
  readonly retryAfterS: number | undefined;
  constructor(message: string, retryAfterS?: number) {
    super(message);
    this.name = 'FeedPullError';
    this.retryAfterS = retryAfterS;
  }
}

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The list URL for `config` around `now`: the competitions' matches from yesterday on. */
export function pullUrl(config: FootballDataConfig, now = Date.now()): string {
  const url = new URL('/v4/matches', config.baseUrl);
  url.searchParams.set('competitions', config.competitions.join(','));
  url.searchParams.set('dateFrom', day(now - DAYS_BACK * 86_400_000));
  url.searchParams.set('dateTo', day(now + DAYS_AHEAD * 86_400_000));
  return url.href;
}

/** `text` with the key blanked out, for anything that may reach a log. */
function withoutKey(text: string, key: string): string {
  return key ? text.split(key).join('***') : text;
}

/** Asks the provider once and imports the answer. */
export async function pullOnce(db: Db, config: FootballDataConfig): Promise<ImportReport> {
  let res: Response;
  try {
    res = await fetch(pullUrl(config), {
      headers: { 'X-Auth-Token': config.key, accept: 'application/json' },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    throw new FeedPullError(withoutKey(`request failed: ${String(cause ?? error)}`, config.key));
  }
  if (!res.ok) {
    await res.body?.cancel();
    const reset = Number(res.headers.get('x-requestcounter-reset'));
    throw new FeedPullError(
      `HTTP ${res.status} from the provider`,
      res.status === 429 && Number.isFinite(reset) && reset > 0 ? reset : undefined,
    );
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new FeedPullError('the answer is not JSON');
  }
  return importMatches(db, body);
}

/** A started pull. */
export interface FeedPull {
  /** Stops pulling, waits for a pull under way and gives the lease up. */
  stop: () => Promise<void>;
}

/** Starts pulling for `rt` (FOOTBALL_DATA_* of its env unless `config` is given). */
export function startFeedPull(rt: Runtime, config = rt.env.footballData): FeedPull {
  if (!config.key) {
    log('info', 'feed_off', { reason: 'FOOTBALL_DATA_KEY is not set' });
    return { stop: () => Promise.resolve() };
  }
  // Outlives a missed renewal or two, so a slow pull does not hand the lease over.
  const lease = createLease(rt.shared, 'football-data', config.intervalMs * 2 + REQUEST_TIMEOUT_MS);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let resumeAt = 0;

  const tick = async () => {
    if (Date.now() < resumeAt || !(await lease.claim())) return;
    try {
      const report = await pullOnce(rt.db, config);
      log('info', 'feed_imported', {
        leagues: report.leagues,
        teams: report.teams,
        matches: report.matches,
        published: report.published,
        skipped: report.skipped.length,
      });
    } catch (error) {
      const retryAfterS = error instanceof FeedPullError ? error.retryAfterS : undefined;
      if (retryAfterS) resumeAt = Date.now() + retryAfterS * 1000;
      log('warn', 'feed_pull_failed', {
        error: withoutKey(error instanceof Error ? error.message : String(error), config.key),
        ...(retryAfterS ? { retryAfterS } : {}),
      });
    }
  };
  const schedule = (ms: number) => {
    timer = setTimeout(() => {
      running = tick()
        .catch((error: unknown) =>
          log('warn', 'feed_pull_failed', { error: withoutKey(String(error), config.key) }),
        )
        .finally(() => {
          if (!stopped) schedule(config.intervalMs);
        });
    }, ms);
    timer.unref();
  };
  log('info', 'feed_on', {
    competitions: config.competitions,
    intervalS: config.intervalMs / 1000,
  });
  schedule(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await lease.release().catch(() => undefined);
    },
  };
}
