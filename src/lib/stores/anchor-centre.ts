/**
 * The anchor centre (/user-center/center-anchor): the overview, the income report and the data
 * analysis of a date range, and the viewers of one live. Views only subscribe and call these.
 */
import { atom } from 'nanostores';
import { send } from '../api/client.ts';
import {
  type AnalysisReport,
  type CentreOverview,
  type IncomeReport,
  type LiveDetail,
} from '../studio/centre.ts';
import { anchorCentreApi } from '../studio/api.ts';
import { addDays, siteDay } from '../time.ts';
import type { ListState } from './wallet.ts';

/** A date range, both ends included (site time zone). */
export interface DateRange {
  from: string;
  to: string;
}

/** Named ranges the range bar offers. */
export type RangePreset = 'days7' | 'days30' | 'month';

/** The range a preset means on `now`. */
export function presetRange(preset: RangePreset, now = new Date()): DateRange {
  const to = siteDay(now);
  if (preset === 'month') return { from: `${to.slice(0, 8)}01`, to };
  return { from: addDays(to, preset === 'days7' ? -6 : -29), to };
}

/** A loaded value with its state. */
export interface Loaded<T> {
  data: T | null;
  status: ListState;
}

const empty = <T>(): Loaded<T> => ({ data: null, status: { state: 'idle' } });

/** The range the income and analysis tabs show. */
export const $centreRange = atom<DateRange>(presetRange('days30'));
/** The overview tab. */
export const $centreOverview = atom<Loaded<CentreOverview>>(empty());
/** The income tab (the page shown is in `data.page`). */
export const $centreIncome = atom<Loaded<IncomeReport>>(empty());
/** The analysis tab. */
export const $centreAnalysis = atom<Loaded<AnalysisReport>>(empty());
/** The live picked in the analysis tab, with its viewers per minute. */
export const $centreLive = atom<Loaded<LiveDetail>>(empty());

/** Runs `request` into `store`; a newer request to the same store wins over an older one. */
function loader<T>(store: ReturnType<typeof atom<Loaded<T>>>) {
  let seq = 0;
  return async (request: () => Promise<T>): Promise<void> => {
    const mine = ++seq;
    store.set({ data: store.get().data, status: { state: 'loading' } });
    try {
      const data = await request();
      if (mine === seq) store.set({ data, status: { state: 'ready' } });
    } catch (err) {
      if (mine === seq) {
        store.set({
          data: store.get().data,
          status: { state: 'error', message: (err as Error).message },
        });
      }
    }
  };
}

const overview = loader($centreOverview);
const income = loader($centreIncome);
const analysis = loader($centreAnalysis);
const live = loader($centreLive);

/** Loads the overview. */
export function loadOverview(): Promise<void> {
  return overview(() => send(anchorCentreApi.overview));
}

/** Loads a page of the income report for the current range. */
export function loadIncome(page = 1): Promise<void> {
  return income(() => send(anchorCentreApi.income, { ...$centreRange.get(), page }));
}

/** Loads the analysis of the current range; the picked live is forgotten. */
export function loadAnalysis(): Promise<void> {
  $centreLive.set(empty());
  return analysis(() => send(anchorCentreApi.analysis, { ...$centreRange.get() }));
}

/** Loads one live's viewers per minute. */
export function loadLive(id: number): Promise<void> {
  return live(() => send(anchorCentreApi.live, { id }));
}

/** Sets the range (the tab then reloads what it shows). */
export function setCentreRange(range: DateRange): void {
  $centreRange.set(range);
}
