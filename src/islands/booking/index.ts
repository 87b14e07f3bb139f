/** Wires the page's book buttons to the bookings store: pressed state, labels, clicks. */
import {
  $bookedIds,
  $bookingBusy,
  loadBookings,
  toggleBooking,
} from '../../lib/stores/bookings.ts';

const selector = 'button[data-book]';

function render(): void {
  const booked = $bookedIds.get();
  const busy = $bookingBusy.get();
  for (const button of document.querySelectorAll<HTMLButtonElement>(selector)) {
    const id = Number(button.dataset.book);
    const on = booked.has(id);
    button.setAttribute('aria-pressed', String(on));
    button.disabled = busy.has(id);
    const label = button.querySelector<HTMLElement>('[data-book-label]');
    if (label) label.textContent = (on ? button.dataset.on : button.dataset.off) ?? '';
  }
}

if (document.querySelector(selector)) {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>(selector);
    if (!button) return;
    void toggleBooking(Number(button.dataset.book), {
      done: button.dataset.done ?? '',
      cancelled: button.dataset.cancelled ?? '',
    });
  });
  $bookedIds.listen(render);
  $bookingBusy.listen(render);
  void loadBookings();
}
