/**
 * Manager tools: clear the chat, edit the announcement, set the chat modes, and the per-message
 * ban/delete form.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { AnnouncementData } from '../../lib/realtime/protocol/index.ts';
import { BAN_REASONS, BAN_UNITS, type BanReason, type BanUnit } from '../../lib/rules/chat.ts';
import { currentRoomId } from '../../lib/stores/live-room.ts';
import { $chatModes } from '../../lib/stores/live-room-modes.ts';
import { ChatModesForm } from './ChatModesForm.tsx';
import {
  banUser,
  clearRoomChat,
  deleteChatMessage,
  saveAnnouncement,
  unbanUser,
} from '../../lib/stores/live-room-manage.ts';
import { useT } from '../use-t.ts';

type PickableReason = Exclude<BanReason, 'auto'>;
const REASONS = BAN_REASONS.filter((r): r is PickableReason => r !== 'auto');

/** Clear-chat and announcement buttons in the chat head. */
export function ModBar({ announcement }: { announcement: AnnouncementData }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [modesOpen, setModesOpen] = useState(false);
  const modes = useStore($chatModes);
  const [content, setContent] = useState(announcement.content);
  const first = announcement.contact[0];
  const [title, setTitle] = useState(first?.title ?? '');
  const [value, setValue] = useState(first?.value ?? '');
  return (
    <div className="mod-bar">
      <button
        type="button"
        className="btn btn-ghost small"
        onClick={() => {
          if (confirm(t('liveRoom.mod.clearConfirm'))) clearRoomChat();
        }}
      >
        {t('liveRoom.mod.clear')}
      </button>
      <button type="button" className="btn btn-ghost small" onClick={() => setEditing((v) => !v)}>
        {t('liveRoom.mod.announce')}
      </button>
      <button
        type="button"
        className="btn btn-ghost small"
        aria-expanded={modesOpen}
        onClick={() => {
          setModesOpen((v) => !v);
          setEditing(false);
        }}
        data-chat-modes-open
      >
        {t('liveChat.modes.title')}
      </button>
      <a
        className="btn btn-ghost small"
        href={`/user-center/live-room-settings?anchor_id=${currentRoomId()}`}
        target="_blank"
        rel="noopener"
      >
        {t('commentAdmin.manage')}
      </a>
      {editing ? (
        <form
          className="mod-pop"
          onSubmit={(e) => {
            e.preventDefault();
            const contact =
              title.trim() && value.trim() ? [{ title: title.trim(), value: value.trim() }] : [];
            saveAnnouncement(content.trim(), contact);
            setEditing(false);
          }}
        >
          <label>
            <span>{t('liveRoom.chat.announcement')}</span>
            <textarea
              value={content}
              maxLength={200}
              rows={3}
              onChange={(e) => setContent(e.target.value)}
            />
          </label>
          <label>
            <span>{t('liveRoom.mod.contactTitle')}</span>
            <input value={title} maxLength={20} onChange={(e) => setTitle(e.target.value)} />
          </label>
          <label>
            <span>{t('liveRoom.mod.contactValue')}</span>
            <input value={value} maxLength={60} onChange={(e) => setValue(e.target.value)} />
          </label>
          <div className="mod-actions">
            <button type="button" className="btn btn-ghost small" onClick={() => setEditing(false)}>
              {t('liveRoom.mod.cancel')}
            </button>
            <button type="submit" className="btn btn-primary small">
              {t('liveRoom.mod.save')}
            </button>
          </div>
        </form>
      ) : null}
      {modesOpen ? (
        <ChatModesForm
          key={JSON.stringify(modes)}
          modes={modes}
          onClose={() => setModesOpen(false)}
        />
      ) : null}
    </div>
  );
}

/** Props of BanForm. */
export interface BanFormProps {
  target: { uid: number; name: string; msgId: number };
  onClose: () => void;
}

/** Ban (duration, reason), unban or delete for one message's author. */
export function BanForm({ target, onClose }: BanFormProps) {
  const t = useT();
  const [unit, setUnit] = useState<BanUnit>('hour');
  const [amount, setAmount] = useState(1);
  const [reason, setReason] = useState<PickableReason>('advertising');
  return (
    <form
      className="mod-pop ban-form"
      aria-label={`${t('liveRoom.mod.ban')} ${target.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        banUser(target.uid, unit, amount, reason);
        onClose();
      }}
    >
      <p className="mod-target">{target.name}</p>
      <label>
        <span>{t('liveRoom.mod.duration')}</span>
        <select value={unit} onChange={(e) => setUnit(e.target.value as BanUnit)} data-ban-unit>
          {BAN_UNITS.map((u) => (
            <option key={u} value={u}>
              {t(`liveRoom.mod.units.${u}`)}
            </option>
          ))}
        </select>
      </label>
      {unit !== 'permanent' ? (
        <label>
          <span>{t('liveRoom.mod.amount')}</span>
          <input
            type="number"
            min={1}
            max={999}
            value={amount}
            onChange={(e) => setAmount(Math.max(1, Math.min(999, Number(e.target.value) || 1)))}
          />
        </label>
      ) : null}
      <label>
        <span>{t('liveRoom.mod.reason')}</span>
        <select
          value={reason}
          onChange={(e) => setReason(e.target.value as PickableReason)}
          data-ban-reason
        >
          {REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`liveChat.reasons.${r}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="mod-actions">
        <button
          type="button"
          className="btn btn-ghost small"
          onClick={() => {
            deleteChatMessage(target.msgId);
            onClose();
          }}
        >
          {t('liveRoom.mod.delete')}
        </button>
        <button
          type="button"
          className="btn btn-ghost small"
          onClick={() => {
            unbanUser(target.uid);
            onClose();
          }}
        >
          {t('liveRoom.mod.unban')}
        </button>
        <button type="button" className="btn btn-ghost small" onClick={onClose}>
          {t('liveRoom.mod.cancel')}
        </button>
        <button type="submit" className="btn btn-primary small" data-ban-confirm>
          {t('liveRoom.mod.ban')}
        </button>
      </div>
    </form>
  );
}
