/** A list read a page at a time: the first page on start (and when `key` changes), more on demand. */
import { useCallback, useEffect, useRef, useState } from 'react';

/** Loading state of a list. */
export type LoadState = { kind: 'loading' | 'ready' } | { kind: 'error'; message: string };

/** A page of a list: its rows and how many there are in all. */
export interface RowsPage<T> {
  rows: T[];
  total: number;
}

/**
 * Rows read with `fetchPage` (pages from 1), appended as more are asked for; nothing is read
 * while `enabled` is false (a guest).
 */
export function useLoadMore<T>(
  fetchPage: (page: number) => Promise<RowsPage<T>>,
  enabled = true,
  key: unknown = 0,
) {
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const fetcher = useRef(fetchPage);
  fetcher.current = fetchPage;
  const load = useCallback(async (next: number) => {
    try {
      const data = await fetcher.current(next);
      setRows((old) => (next === 1 ? data.rows : [...old, ...data.rows]));
      setTotal(data.total);
      setPage(next);
      setState({ kind: 'ready' });
    } catch (err) {
      setState({ kind: 'error', message: (err as Error).message });
    }
  }, []);
  useEffect(() => {
    if (enabled) void load(1);
  }, [enabled, key, load]);
  return {
    rows,
    total,
    state,
    hasMore: rows.length < total,
    more: () => void load(page + 1),
    /** Empties the list (after the server cleared it). */
    clear: () => {
      setRows([]);
      setTotal(0);
    },
  };
}
