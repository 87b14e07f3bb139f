/** The booked matches of the user centre: live and upcoming, then finished, each with unbook. */
import { useStore } from '@nanostores/react';
import { useEffect, type CSSProperties } from 'react';
import {
  $bookingBusy,
  $bookings,
  $bookingsState,
  loadBookings,
  toggleBooking,
  type Booking,
} from '../../lib/stores/bookings.ts';
import { openLogin } from '../../lib/stores/dialogs.ts';
import { $loggedIn } from '../../lib/stores/session.ts';
import { siteDay, siteTime, SITE_TIME_LABEL } from '../../lib/time.ts';
import { useT } from '../use-t.ts';
import './my-schedule.css';

function Crest({ team }: { team: Booking['home'] }) {
  const initials = team.name
    .replace(/[^\p{L}\p{N}]/gu, '')
    .slice(0, 2)
    .toUpperCase();
  return (
    <span className="ms-crest" style={{ '--c': team.color } as CSSProperties} aria-hidden>
      {initials}
    </span>
  );
}

function Row({ booking }: { booking: Booking }) {
  const t = useT();
  const busy = useStore($bookingBusy).has(booking.match_id);
  const start = new Date(booking.start_time * 1000);
  const scored = booking.status !== 0;
  const detail = `/scheduleDetail/${booking.match_id}/${booking.sport_id}`;
  const room = booking.live_rooms[0];
  return (
    <li className={`ms-row s${booking.status}`} data-booking={booking.match_id}>
      <div className="ms-when">
        <strong>{siteTime(start)}</strong>
        <span>{siteDay(start).slice(5).replace('-', '/')}</span>
      </div>
      <a className="ms-match" href={detail}>
        <span className="ms-league">{booking.league}</span>
        <span className="ms-teams">
          <span className="ms-team">
            <Crest team={booking.home} />
            <span className="ms-name">{booking.home.name}</span>
          </span>
          <span className="ms-score">
            {scored ? `${booking.home_score ?? 0} - ${booking.away_score ?? 0}` : 'VS'}
          </span>
          <span className="ms-team away">
            <span className="ms-name">{booking.away.name}</span>
            <Crest team={booking.away} />
          </span>
        </span>
      </a>
      <span className={`ms-state s${booking.status}`}>
        {t(`schedule.status.${booking.status}`)}
      </span>
      <div className="ms-actions">
        {room && booking.status === 1 ? (
          <a className="btn btn-primary ms-btn" href={`/liveMatchesTwo/${room}`}>
            {t('schedule.watchLive')}
          </a>
        ) : (
          <a className="btn btn-ghost ms-btn" href={detail}>
            {t('schedule.details')}
          </a>
        )}
        <button
          type="button"
          className="btn ms-btn ms-unbook"
          disabled={busy}
          aria-label={`${t('sports.mySchedule.unbook')}: ${booking.home.name} vs ${booking.away.name}`}
          onClick={() =>
            void toggleBooking(booking.match_id, {
              done: t('sports.book.done'),
              cancelled: t('sports.book.cancelled'),
            })
          }
        >
          {t('sports.mySchedule.unbook')}
        </button>
      </div>
    </li>
  );
}

function Group({ title, list }: { title: string; list: Booking[] }) {
  if (list.length === 0) return null;
  return (
    <section className="ms-group">
      <h2>
        {title} <span className="ms-count">{list.length}</span>
      </h2>
      <ul className="ms-list">
        {list.map((b) => (
          <Row key={b.match_id} booking={b} />
        ))}
      </ul>
    </section>
  );
}

/** The island: guests are asked to log in; users see their bookings. */
export function MySchedule() {
  const t = useT();
  const loggedIn = useStore($loggedIn);
  const bookings = useStore($bookings);
  const state = useStore($bookingsState);
  useEffect(() => {
    void loadBookings();
  }, [loggedIn]);

  if (!loggedIn) {
    return (
      <div className="ms-panel" data-guest>
        <div className="ms-icon" aria-hidden>
          <svg width="30" height="30" viewBox="0 0 24 24" fill="currentColor">
            <path d="M7 2v2H5a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2zm-2 7h14v10H5zm3 2v2h2v-2zm4 0v2h2v-2z" />
          </svg>
        </div>
        <h2>{t('sports.mySchedule.guestTitle')}</h2>
        <p>{t('sports.mySchedule.guestBody')}</p>
        <button type="button" className="btn btn-primary" onClick={openLogin}>
          {t('sports.mySchedule.login')}
        </button>
      </div>
    );
  }
  if (state.state === 'error') {
    return (
      <div className="ms-panel" role="alert">
        <p>{state.message}</p>
        <button type="button" className="btn btn-ghost" onClick={() => void loadBookings()}>
          {t('sports.mySchedule.retry')}
        </button>
      </div>
    );
  }
  if (state.state !== 'ready') {
    return <p className="ms-wait">{t('common.loading')}</p>;
  }
  if (bookings.length === 0) {
    return (
      <div className="ms-panel" data-empty>
        <h2>{t('sports.mySchedule.empty')}</h2>
        <a className="btn btn-primary" href="/schedule">
          {t('sports.mySchedule.browse')}
        </a>
      </div>
    );
  }
  return (
    <div className="ms">
      <p className="ms-tz">{t('schedule.timeZone', { zone: SITE_TIME_LABEL })}</p>
      <Group
        title={t('sports.mySchedule.upcoming')}
        list={bookings.filter((b) => b.status !== 2)}
      />
      <Group
        title={t('sports.mySchedule.finished')}
        list={bookings.filter((b) => b.status === 2)}
      />
    </div>
  );
}
