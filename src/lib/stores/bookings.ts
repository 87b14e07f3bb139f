/**
 * Booked matches of the logged-in user: which matches are booked (for the schedule's buttons)
 * and the list of the user centre. Guests who try to book get the login dialog.
 */
import { atom } from 'nanostores';
import { send } from '../api/client.ts';
import { bookingsApi, type Booking } from '../bookings/api.ts';
import { openLogin } from './dialogs.ts';
import { $loggedIn } from './session.ts';
import { showToast } from './toast.ts';

export type { Booking } from '../bookings/api.ts';

/** Loading state of the list. */
export type BookingsState =
  { state: 'idle' | 'loading' | 'ready' } | { state: 'error'; message: string };

/** The user's bookings in the server's order (live and upcoming first). */
export const $bookings = atom<Booking[]>([]);
/** Ids of booked matches. */
export const $bookedIds = atom<ReadonlySet<number>>(new Set());
/** Whether the list is loading, loaded or failed. */
export const $bookingsState = atom<BookingsState>({ state: 'idle' });
/** Matches whose book or unbook call is under way. */
export const $bookingBusy = atom<ReadonlySet<number>>(new Set());

/** Toast texts of toggleBooking, given by the page (so the schedule ships no translator). */
export interface BookingMessages {
  done: string;
  cancelled: string;
}

function setBusy(matchId: number, busy: boolean): void {
  const next = new Set($bookingBusy.get());
  if (busy) next.add(matchId);
  else next.delete(matchId);
  $bookingBusy.set(next);
}

function setBooked(matchId: number, booked: boolean): void {
  const next = new Set($bookedIds.get());
  if (booked) next.add(matchId);
  else next.delete(matchId);
  $bookedIds.set(next);
}

/** Loads the user's bookings; guests get an empty list without a call. */
export async function loadBookings(): Promise<void> {
  if (!$loggedIn.get()) {
    $bookings.set([]);
    $bookedIds.set(new Set());
    $bookingsState.set({ state: 'ready' });
    return;
  }
  $bookingsState.set({ state: 'loading' });
  try {
    const list = await send(bookingsApi.list);
    $bookings.set(list);
    $bookedIds.set(new Set(list.map((b) => b.match_id)));
    $bookingsState.set({ state: 'ready' });
  } catch (err) {
    $bookingsState.set({ state: 'error', message: (err as Error).message });
  }
}

/** Books or unbooks a match; a guest gets the login dialog instead. Shows a toast either way. */
export async function toggleBooking(matchId: number, messages: BookingMessages): Promise<void> {
  if (!$loggedIn.get()) {
    openLogin();
    return;
  }
  if ($bookingBusy.get().has(matchId)) return;
  const booked = $bookedIds.get().has(matchId);
  setBusy(matchId, true);
  try {
    await send(booked ? bookingsApi.unbook : bookingsApi.book, { match_id: matchId });
    setBooked(matchId, !booked);
    if (booked) $bookings.set($bookings.get().filter((b) => b.match_id !== matchId));
    showToast(booked ? messages.cancelled : messages.done, 'success');
  } catch (err) {
    showToast((err as Error).message, 'error');
  } finally {
    setBusy(matchId, false);
  }
}
