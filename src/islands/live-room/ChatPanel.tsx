/** The live room's chat panel. */
import type { AnnouncementData } from '../../lib/realtime/protocol.ts';

/** Props of ChatPanel. */
export interface ChatPanelProps {
  anchorId: number;
  announcement: AnnouncementData;
}

/** Chat history, messages, input. */
export default function ChatPanel({ announcement }: ChatPanelProps) {
  return <div className="chat">{announcement.content}</div>;
}
