/**
 * The live settings dialog (535 px, spec §2): start now or plan a live. Category, secondary
 * category, league and match (sports only), title (50 at most), vertical cover (required) and
 * horizontal cover (optional, 18:10) with upload progress, the push address and key (masked,
 * copyable, replaceable), the high-speed push switch, and the ticket option when ticket_switch
 * is on. Starting goes to the anchor's own room; planning to live management.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { firstIssueMessage } from '../../lib/validation/messages.ts';
import {
  planLiveSchema,
  SPORTS_CATEGORY,
  startLiveSchema,
  TITLE_MAX,
} from '../../lib/validation/studio.ts';
import { writeIntent } from '../../lib/broadcast/media.ts';
import { $broadcast } from '../../lib/stores/broadcast.ts';
import { closeDialog } from '../../lib/stores/dialogs.ts';
import { $userId } from '../../lib/stores/session.ts';
import {
  loadLeagues,
  loadMatches,
  $liveDraft,
  lastLiveForm,
  loadStudioSetup,
  planLive,
  rememberLiveForm,
  startLive,
  type LeagueOption,
  type LiveFormState,
  type MatchOption,
  type StudioSetup,
} from '../../lib/stores/studio.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { useT } from '../use-t.ts';
import { rememberedSource, type PushSource } from '../broadcast/BroadcastSetup.tsx';
import { CoverPicker } from './CoverPicker.tsx';
import { Modal } from './Modal.tsx';
import { PushInfo } from './PushInfo.tsx';
import './live-settings.css';

const EMPTY: LiveFormState = {
  category: 0,
  cateid: 0,
  comp: 0,
  match_id: 0,
  title: '',
  thumb: '',
  thumb_y: '',
  ticket: 0,
  enable_webrtc: 0,
  plan: '',
  plan_id: 0,
};

/** The dialog. */
export function LiveSettings() {
  const t = useT();
  const [setup, setSetup] = useState<StudioSetup | null>(null);
  const [loadError, setLoadError] = useState('');
  const [mode, setMode] = useState<'now' | 'plan'>('now');
  const [form, setForm] = useState<LiveFormState>(EMPTY);
  const [leagues, setLeagues] = useState<LeagueOption[]>([]);
  const [matches, setMatches] = useState<MatchOption[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [source, setSource] = useState<PushSource>(rememberedSource);
  const userId = useStore($userId);

  useEffect(() => {
    loadStudioSetup()
      .then((s) => {
        setSetup(s);
        const first = s.categories[0];
        const draft = $liveDraft.get() ?? lastLiveForm(Number($userId.get()), s.categories);
        $liveDraft.set(null);
        if (draft?.category) setForm((f) => ({ ...f, ...draft }));
        else if (first)
          setForm((f) => ({ ...f, category: first.id, cateid: first.second_category[0]?.id ?? 0 }));
      })
      .catch((e: Error) => setLoadError(e.message));
  }, []);

  const sports = form.category === SPORTS_CATEGORY;
  useEffect(() => {
    setLeagues([]);
    setMatches([]);
    if (!sports || !form.cateid) return;
    loadLeagues(form.cateid)
      .then(setLeagues)
      .catch(() => setLeagues([]));
  }, [sports, form.cateid]);
  useEffect(() => {
    setMatches([]);
    if (!form.comp) return;
    loadMatches(form.comp)
      .then(setMatches)
      .catch(() => setMatches([]));
  }, [form.comp]);

  const set = (patch: Partial<LiveFormState>) => {
    setError('');
    setForm((f) => ({ ...f, ...patch }));
  };
  const category = setup?.categories.find((c) => c.id === form.category);

  const submit = async () => {
    if (busy) return;
    const schema = mode === 'now' ? startLiveSchema : planLiveSchema;
    const plan = form.plan ? Math.floor(new Date(form.plan).getTime() / 1000) : undefined;
    const payload =
      mode === 'now'
        ? form
        : {
            title: form.title,
            category_id: form.category,
            child_category_id: form.cateid,
            match_id: form.match_id,
            thumb: form.thumb_y,
            plan_time: plan,
            ticket: form.ticket,
          };
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      setError(firstIssueMessage(parsed.error, t));
      return;
    }
    setBusy(true);
    try {
      if (mode === 'now') {
        showToast(await startLive(form), 'success');
        rememberLiveForm(Number(userId), form);
        const webrtc = form.enable_webrtc === 1 && setup?.stream.web_rtc_push_url;
        // The anchor's room takes the broadcast over from here (this page's camera goes off).
        if (webrtc && source !== 'encoder') writeIntent(Number(userId), source, $broadcast.get());
        location.assign(`/liveMatchesTwo/${userId}`);
      } else {
        showToast(await planLive(Number(userId), form), 'success');
        location.assign('/user-center/live-management');
      }
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };

  return (
    <Modal width={535} onClose={closeDialog} label={t('studio.dialog.title')} className="ls">
      <h2 className="ls-title">{t('studio.dialog.title')}</h2>
      <div className="ls-modes" role="tablist" aria-label={t('studio.dialog.title')}>
        {(['now', 'plan'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            aria-selected={mode === m ? 'true' : 'false'}
            onClick={() => {
              setError('');
              setMode(m);
            }}
          >
            {t(m === 'now' ? 'studio.dialog.modeNow' : 'studio.dialog.modePlan')}
          </button>
        ))}
      </div>
      {!setup ? (
        <p className="ls-wait" role="status">
          {loadError || t('studio.dialog.loading')}
        </p>
      ) : (
        <form
          className="ls-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className="ls-row">
            <label className="ls-field">
              <span>{t('studio.dialog.category')}</span>
              <select
                name="category"
                value={form.category}
                onChange={(e) => {
                  const id = Number(e.target.value);
                  const next = setup.categories.find((c) => c.id === id);
                  set({
                    category: id,
                    cateid: next?.second_category[0]?.id ?? 0,
                    comp: 0,
                    match_id: 0,
                  });
                }}
              >
                {setup.categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="ls-field">
              <span>{t('studio.dialog.secondCategory')}</span>
              <select
                name="cateid"
                value={form.cateid}
                onChange={(e) => set({ cateid: Number(e.target.value), comp: 0, match_id: 0 })}
              >
                {category?.second_category.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {sports && (
            <div className="ls-row">
              <label className="ls-field">
                <span>{t('studio.dialog.league')}</span>
                <select
                  name="comp"
                  value={form.comp}
                  onChange={(e) => set({ comp: Number(e.target.value), match_id: 0 })}
                >
                  <option value={0}>{t('studio.dialog.noLeague')}</option>
                  {leagues.map((l) => (
                    <option key={l.comp} value={l.comp}>
                      {l.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="ls-field">
                <span>{t('studio.dialog.match')}</span>
                <select
                  name="match_id"
                  value={form.match_id}
                  disabled={!form.comp}
                  onChange={(e) => set({ match_id: Number(e.target.value) })}
                >
                  <option value={0}>{t('studio.dialog.noMatch')}</option>
                  {matches.map((m) => (
                    <option key={m.match_id} value={m.match_id}>
                      {m.home} vs {m.away} · {formatStart(m.start_time)}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          )}
          <label className="ls-field">
            <span>
              {t('studio.dialog.liveTitle')}
              <small className="ls-count">
                {form.title.length}/{TITLE_MAX}
              </small>
            </span>
            <input
              name="title"
              maxLength={TITLE_MAX}
              value={form.title}
              placeholder={t('studio.dialog.titlePlaceholder')}
              onChange={(e) => set({ title: e.target.value })}
            />
          </label>
          <div className="ls-covers">
            <CoverPicker
              t={t}
              use="cover_v"
              label={t('studio.dialog.coverV')}
              hint={t('studio.dialog.coverVHint')}
              value={form.thumb_y}
              onChange={(url) => set({ thumb_y: url })}
            />
            <CoverPicker
              t={t}
              use="cover"
              label={t('studio.dialog.cover')}
              hint={t('studio.dialog.coverHint')}
              value={form.thumb}
              onChange={(url) => set({ thumb: url })}
            />
          </div>
          {mode === 'plan' ? (
            <label className="ls-field">
              <span>{t('studio.dialog.planTime')}</span>
              <input
                type="datetime-local"
                name="plan"
                value={form.plan}
                onChange={(e) => set({ plan: e.target.value })}
              />
            </label>
          ) : (
            <PushInfo
              t={t}
              setup={setup}
              form={form}
              set={set}
              source={source}
              onSource={setSource}
            />
          )}
          {setup.ticketSwitch === 1 && (
            <div className="ls-ticket">
              <label className="ls-check">
                <input
                  type="checkbox"
                  name="ticket"
                  checked={form.ticket === 1}
                  onChange={(e) => set({ ticket: e.target.checked ? 1 : 0 })}
                />
                <span>{t('studio.dialog.ticket')}</span>
              </label>
              {form.ticket === 1 && (
                <label className="ls-ticket-count">
                  <span>{t('studio.dialog.ticketCount')}</span>
                  <input type="number" value={1} disabled aria-readonly="true" />
                </label>
              )}
            </div>
          )}
          {error && (
            <p className="ls-error" role="alert">
              {error}
            </p>
          )}
          <div className="ls-actions">
            <button type="button" className="btn btn-ghost" onClick={closeDialog}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy} data-ls-submit>
              {t(mode === 'now' ? 'studio.dialog.start' : 'studio.dialog.plan')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

function formatStart(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
