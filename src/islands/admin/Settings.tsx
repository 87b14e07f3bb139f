/** The settings panel: the site's switches and addresses with their meaning, and the chat rules. */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { SettingView } from '../../lib/admin/views.ts';
import type { ChatConfig } from '../../lib/rules/chat.ts';
import {
  $adminSettings,
  loadSettings,
  saveChatRules,
  saveSetting,
} from '../../lib/stores/admin.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { useT } from '../use-t.ts';
import { formatTime, useAction, usePanel } from './use-panel.ts';
import './admin-settings.css';

/** Chat rules in the order the form shows them: each rule's switch after its values. */
const RULES: (keyof Omit<ChatConfig, 'id'>)[] = [
  'toggle_speak_rate',
  'speak_rate',
  'toggle_continue_trigger',
  'continue_trigger_num',
  'continue_trigger_banned',
  'toggle_link_set',
  'link_set',
  'toggle_num_msg_count',
  'num_msg_count',
  'toggle_single_msg',
  'single_msg_num_length',
  'toggle_total_trigger',
  'total_trigger',
  'total_trigger_banned',
];
const isSwitch = (rule: string) => rule.startsWith('toggle_') || rule === 'link_set';

function Setting({ setting }: { setting: SettingView }) {
  const t = useT();
  const locale = useStore($locale);
  const { busy, run } = useAction();
  const [draft, setDraft] = useState(String(setting.value));
  useEffect(() => setDraft(String(setting.value)), [setting.value]);
  const meaning = t(`admin.settings.meaning.${setting.key}`);
  const id = `ad-setting-${setting.key}`;
  const save = (value: number | string) =>
    void run(() => saveSetting(setting.key, value), t('admin.common.saved'));
  return (
    <li className="ad-setting" data-setting={setting.key}>
      <div className="ad-setting-text">
        <label htmlFor={id}>{meaning}</label>
        <span className="ad-mono ad-muted">
          {setting.key}
          {setting.updated_at > 0 &&
            ` · ${t('admin.settings.updated', { time: formatTime(setting.updated_at, locale) })}`}
        </span>
      </div>
      {setting.kind === 'switch' ? (
        <button
          id={id}
          type="button"
          role="switch"
          aria-checked={setting.value === 1}
          className={setting.value === 1 ? 'ad-switch is-on' : 'ad-switch'}
          disabled={busy}
          onClick={() => save(setting.value === 1 ? 0 : 1)}
        >
          <span>{setting.value === 1 ? t('admin.common.on') : t('admin.common.off')}</span>
        </button>
      ) : (
        <form
          className="ad-inline"
          onSubmit={(e) => {
            e.preventDefault();
            save(setting.kind === 'count' ? Number(draft) : draft);
          }}
        >
          <input
            id={id}
            value={draft}
            inputMode={setting.kind === 'count' ? 'numeric' : 'url'}
            className={setting.kind === 'count' ? 'is-short' : ''}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="btn" disabled={busy || draft === String(setting.value)}>
            {t('admin.common.save')}
          </button>
        </form>
      )}
    </li>
  );
}

function ChatRules({ config }: { config: ChatConfig }) {
  const t = useT();
  const { busy, run } = useAction();
  const [draft, setDraft] = useState<Record<string, string>>({});
  useEffect(() => setDraft(Object.fromEntries(RULES.map((r) => [r, String(config[r])]))), [config]);
  const submit = () => {
    const rules = Object.fromEntries(RULES.map((r) => [r, Number(draft[r])])) as Omit<
      ChatConfig,
      'id'
    >;
    void run(() => saveChatRules(rules), t('admin.common.saved'));
  };
  return (
    <form
      className="ad-card ad-rules"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2>{t('admin.settings.chat')}</h2>
      <p className="ad-muted">{t('admin.settings.chatIntro')}</p>
      <div className="ad-rule-grid">
        {RULES.map((rule) => (
          <label key={rule} className={isSwitch(rule) ? 'ad-rule is-switch' : 'ad-rule'}>
            {isSwitch(rule) ? (
              <input
                type="checkbox"
                checked={draft[rule] === '1'}
                onChange={(e) => setDraft({ ...draft, [rule]: e.target.checked ? '1' : '0' })}
              />
            ) : (
              <input
                inputMode="numeric"
                className="is-short"
                value={draft[rule] ?? ''}
                onChange={(e) => setDraft({ ...draft, [rule]: e.target.value })}
              />
            )}
            <span>{t(`admin.settings.rules.${rule}`)}</span>
          </label>
        ))}
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('admin.common.save')}
      </button>
    </form>
  );
}

/** The settings tab. */
export function SettingsPanel() {
  const t = useT();
  const data = useStore($adminSettings);
  const error = usePanel(loadSettings);
  if (error) return <p className="ad-error">{error}</p>;
  if (!data) return <p className="ad-muted">…</p>;
  const switches = data.settings.filter((s) => s.kind !== 'address');
  const addresses = data.settings.filter((s) => s.kind === 'address');
  return (
    <div className="ad-columns">
      <div className="ad-stack">
        <div className="ad-card">
          <h2>{t('admin.settings.switches')}</h2>
          <ul className="ad-settings">
            {switches.map((s) => (
              <Setting key={s.key} setting={s} />
            ))}
          </ul>
        </div>
        <div className="ad-card">
          <h2>{t('admin.settings.addresses')}</h2>
          <ul className="ad-settings">
            {addresses.map((s) => (
              <Setting key={s.key} setting={s} />
            ))}
          </ul>
        </div>
      </div>
      <ChatRules config={data.chat_config} />
    </div>
  );
}
