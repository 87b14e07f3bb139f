/** Types of the locale resources: every locale has exactly the keys of en-US. */
import type { accountApi } from './locales/en-US/account-api.ts';
import type { admin } from './locales/en-US/admin.ts';
import type { anchorApply } from './locales/en-US/anchor-apply.ts';
import type { broadcast } from './locales/en-US/broadcast.ts';
import type { accountUi } from './locales/en-US/account-ui.ts';
import type { commentAdmin } from './locales/en-US/comment-admin.ts';
import type { anchorPages } from './locales/en-US/anchor-pages.ts';
import type { content } from './locales/en-US/content.ts';
import type { engagement } from './locales/en-US/engagement.ts';
import type { games } from './locales/en-US/games.ts';
import type { gifts } from './locales/en-US/gifts.ts';
import type { giftStage } from './locales/en-US/gift-stage.ts';
import type { liveChat } from './locales/en-US/live-chat.ts';
import type { liveRoom } from './locales/en-US/live-room.ts';
import type { mall } from './locales/en-US/mall.ts';
import type { matchDesk } from './locales/en-US/match-desk.ts';
import type { newsroom } from './locales/en-US/newsroom.ts';
import type { messaging } from './locales/en-US/messaging.ts';
import type { player } from './locales/en-US/player.ts';
import type { quiz } from './locales/en-US/quiz.ts';
import type { ranking } from './locales/en-US/ranking.ts';
import type { recordings } from './locales/en-US/recordings.ts';
import type { replayChat } from './locales/en-US/replay-chat.ts';
import type { clips } from './locales/en-US/clips.ts';
import type { sports } from './locales/en-US/schedule.ts';
import type { shell } from './locales/en-US/shell.ts';
import type { studio } from './locales/en-US/studio.ts';
import type { wallet } from './locales/en-US/wallet.ts';

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** Shape of the shell strings. */
export type ShellResource = Widen<typeof shell>;
/** Shape of the account strings. */
export type AccountResource = { api: Widen<typeof accountApi>; ui: Widen<typeof accountUi> };
/** Shape of the comment-management strings. */
export type CommentAdminResource = Widen<typeof commentAdmin>;
/** Shape of the content-page strings. */
export type ContentResource = Widen<typeof content>;
/** Shape of the check-in, lottery, profile and watch history strings. */
export type EngagementResource = Widen<typeof engagement>;
/** Shape of the games strings. */
export type GamesResource = Widen<typeof games>;
/** Shape of the gift stage strings. */
export type GiftStageResource = Widen<typeof giftStage>;
/** Shape of the live chat strings. */
export type LiveChatResource = Widen<typeof liveChat>;
/** Shape of the live room strings. */
export type LiveRoomResource = Widen<typeof liveRoom>;
/** Shape of the quiz strings. */
export type QuizResource = Widen<typeof quiz>;
/** Shape of the ranking strings. */
export type RankingResource = Widen<typeof ranking>;
/** Shape of the recorded replay strings. */
export type RecordingsResource = Widen<typeof recordings>;
/** Strings of a replay's chat track. */
export type ReplayChatResource = Widen<typeof replayChat>;
/** Shape of the clip strings. */
export type ClipsResource = Widen<typeof clips>;
/** Shape of the schedules (bookings, match centre, team pages, World Cup) strings. */
export type SportsResource = Widen<typeof sports>;
/** Shape of the video player strings. */
export type PlayerResource = Widen<typeof player>;
/** Shape of the replay, anchor page and recommended lives strings. */
export type AnchorPagesResource = Widen<typeof anchorPages>;
/** Shape of the gift panel and gift refusal strings. */
export type GiftsResource = Widen<typeof gifts>;
/** Shape of the match desk strings. */
export type MatchDeskResource = Widen<typeof matchDesk>;
/** Shape of the newsroom strings. */
export type NewsroomResource = Widen<typeof newsroom>;

/** Shape of the mall strings. */
export type MallResource = Widen<typeof mall>;
/** Shape of the messaging strings. */
export type MessagingResource = Widen<typeof messaging>;
/** Shape of the wallet, recharge and voucher strings. */
export type WalletResource = Widen<typeof wallet>;
/** Shape of the anchor studio strings. */
export type StudioResource = Widen<typeof studio>;
/** Shape of the browser broadcasting strings. */
export type BroadcastResource = Widen<typeof broadcast>;
/** Shape of the anchor application strings. */
export type AnchorApplyResource = Widen<typeof anchorApply>;
/** Shape of the operations console strings. */
export type AdminResource = Widen<typeof admin>;
/** Shape of one locale's strings. */
export type Resource = ShellResource & {
  account: AccountResource;
  commentAdmin: CommentAdminResource;
  anchorPages: AnchorPagesResource;
  content: ContentResource;
  engagement: EngagementResource;
  games: GamesResource;
  giftStage: GiftStageResource;
  liveChat: LiveChatResource;
  liveRoom: LiveRoomResource;
  mall: MallResource;
  newsroom: NewsroomResource;
  matchDesk: MatchDeskResource;
  messaging: MessagingResource;
  quiz: QuizResource;
  ranking: RankingResource;
  recordings: RecordingsResource;
  replayChat: ReplayChatResource;
  clips: ClipsResource;
  sports: SportsResource;
  player: PlayerResource;
  gifts: GiftsResource;
  wallet: WalletResource;
  studio: StudioResource;
  broadcast: BroadcastResource;
  anchorApply: AnchorApplyResource;
  admin: AdminResource;
};

type Paths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Paths<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every translation key, dotted (e.g. `nav.home`). */
export type MessageKey = Paths<Resource>;
