/**
 * Anchor applications: submitting (one open application per user, the phone verified by an SMS
 * code), the applicant's status with masked fields, and the administrators' list, approval and
 * refusal. Approval makes the user an anchor with a live room in one transaction.
 */
import { and, desc, eq, ne } from 'drizzle-orm';
import { createI18n, type Locale } from '../../lib/i18n/index.ts';
import { formatPhone } from '../../lib/format.ts';
import {
  APPLY_STATE,
  maskIdNumber,
  type AnchorApplyForm,
  type ApplicationView,
  type ApplyState,
  type ApplyStatus,
} from '../../lib/validation/anchor-apply.ts';
import { unixSeconds } from '../../lib/time.ts';
import { consumeCode } from '../auth/codes.ts';
import type { Db } from '../db/index.ts';
import {
  ANCHOR_APPLY_STATUS,
  anchorApplications,
  liveRooms,
  ROLE,
  secondCategories,
  users,
} from '../db/schema.ts';
import { acceptsImage } from '../uploads/refs.ts';
import { coverPaths } from './covers.ts';
import { ApiError } from '../http/envelope.ts';

/** Demo cover art per secondary category, so a new room has covers before its first upload. */
const DEMO_COVER: Record<number, string> = {
  101: 'lol-1',
  102: 'cs2-1',
  103: 'dota2-1',
  104: 'valorant-1',
  201: 'football-1',
  202: 'basketball-1',
  203: 'tennis-1',
  301: 'billiards-1',
  302: 'chess-1',
  303: 'fitness-1',
};

function selectViews(db: Db, locale: Locale) {
  return db
    .select({
      app: anchorApplications,
      nickName: users.nickName,
      typeName: locale === 'zh-CN' ? secondCategories.nameZh : secondCategories.nameEn,
    })
    .from(anchorApplications)
    .innerJoin(users, eq(users.id, anchorApplications.userId))
    .innerJoin(secondCategories, eq(secondCategories.id, anchorApplications.secondCategoryId));
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];

function toView({ app, nickName, typeName }: ViewRow): ApplicationView {
  return {
    id: app.id,
    user_id: app.userId,
    nick_name: nickName,
    status: APPLY_STATE[app.status] ?? 'verifying',
    live_type: app.secondCategoryId,
    live_type_name: typeName,
    experience: app.experience,
    real_name: app.realName,
    contact: app.contact,
    id_number: maskIdNumber(app.idNumber),
    id_photo: app.idPhoto,
    profile: app.profile,
    mobile: formatPhone(app.mobile),
    introducer: app.introducer,
    reason: app.reason,
    created_at: unixSeconds(app.createdAt),
    reviewed_at: app.reviewedAt ? unixSeconds(app.reviewedAt) : null,
  };
}

/** The caller's application status. */
export async function applyStatus(db: Db, userId: number, locale: Locale): Promise<ApplyStatus> {
  const [row] = await selectViews(db, locale)
    .where(eq(anchorApplications.userId, userId))
    .orderBy(desc(anchorApplications.createdAt), desc(anchorApplications.id))
    .limit(1);
  if (!row) return { status: 'not_certified' };
  const application = toView(row);
  return { status: application.status, reason: application.reason, application };
}

/** Options of submitApplication. */
export interface SubmitInput {
  userId: number;
  form: AnchorApplyForm;
  /** The server secret the SMS codes are keyed with. */
  secret: string;
}

/**
 * Records a verifying application. Refused while one is verifying, once verified or when the user
 * is already an anchor; the SMS code is checked last so a refused form does not spend it.
 */
export async function submitApplication(db: Db, { userId, form, secret }: SubmitInput) {
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (!user) throw new ApiError('errors.notLoggedIn');
  const [room] = await db
    .select({ id: liveRooms.anchorId })
    .from(liveRooms)
    .where(eq(liveRooms.anchorId, userId));
  if (user.role === ROLE.anchor && room) throw new ApiError('anchorApply.errors.alreadyAnchor');
  const [latest] = await db
    .select({ status: anchorApplications.status })
    .from(anchorApplications)
    .where(eq(anchorApplications.userId, userId))
    .orderBy(desc(anchorApplications.createdAt), desc(anchorApplications.id))
    .limit(1);
  if (latest?.status === ANCHOR_APPLY_STATUS.verifying) {
    throw new ApiError('anchorApply.errors.pending');
  }
  if (latest?.status === ANCHOR_APPLY_STATUS.verified) {
    throw new ApiError('anchorApply.errors.alreadyAnchor');
  }
  const [type] = await db
    .select({ id: secondCategories.id })
    .from(secondCategories)
    .where(eq(secondCategories.id, form.live_type));
  if (!type) throw new ApiError('anchorApply.errors.liveType');
  if (!(await acceptsImage(db, form.id_photo, { uses: ['id_photo'], owner: userId }))) {
    throw new ApiError('anchorApply.errors.idPhoto');
  }
  if (!(await consumeCode(db, secret, form.mobile, 'anchor_apply', form.code))) {
    throw new ApiError('account.api.codeInvalid');
  }
  const inserted = await db
    .insert(anchorApplications)
    .values({
      userId,
      secondCategoryId: form.live_type,
      experience: form.experience,
      realName: form.real_name,
      contact: form.contact,
      idNumber: form.id_number,
      idPhoto: form.id_photo,
      profile: form.profile,
      mobile: form.mobile,
      introducer: form.introducer,
    })
    // The partial unique index settles two submissions racing past the check above.
    .onConflictDoNothing()
    .returning({ id: anchorApplications.id });
  if (inserted.length === 0) throw new ApiError('anchorApply.errors.pending');
  return inserted[0]!.id;
}

/** Applications for the administrators, newest first; `state` all lists every one. */
export async function listApplications(
  db: Db,
  state: ApplyState | 'all',
  locale: Locale,
): Promise<ApplicationView[]> {
  const query = selectViews(db, locale);
  const rows = await (
    state === 'all' ? query : query.where(eq(anchorApplications.status, ANCHOR_APPLY_STATUS[state]))
  )
    .orderBy(desc(anchorApplications.createdAt), desc(anchorApplications.id))
    .limit(200);
  return rows.map(toView);
}

/**
 * Approves a verifying application in one transaction: the application verified, the user an
 * anchor (administrators keep their role) and a live room created when missing, titled in
 * `locale` with the live type's category and demo covers. `reviewerId` is null from the CLI.
 */
export async function approveApplication(
  db: Db,
  id: number,
  reviewerId: number | null,
  locale: Locale,
): Promise<{ userId: number }> {
  return db.transaction(async (tx) => {
    const [app] = await tx
      .update(anchorApplications)
      .set({ status: ANCHOR_APPLY_STATUS.verified, reviewerId, reviewedAt: new Date() })
      .where(
        and(
          eq(anchorApplications.id, id),
          eq(anchorApplications.status, ANCHOR_APPLY_STATUS.verifying),
        ),
      )
      .returning();
    if (!app) throw new ApiError('anchorApply.errors.notPending');
    const [user] = await tx
      .update(users)
      .set({ role: ROLE.anchor })
      .where(and(eq(users.id, app.userId), ne(users.role, ROLE.admin)))
      .returning({ nickName: users.nickName });
    const nickName =
      user?.nickName ??
      (await tx.select({ n: users.nickName }).from(users).where(eq(users.id, app.userId)))[0]?.n ??
      '';
    const [second] = await tx
      .select({ categoryId: secondCategories.categoryId })
      .from(secondCategories)
      .where(eq(secondCategories.id, app.secondCategoryId));
    const t = createI18n(locale);
    await tx
      .insert(liveRooms)
      .values({
        anchorId: app.userId,
        title: t('anchorApply.roomTitle', { name: nickName }),
        ...coverPaths({ cover: DEMO_COVER[app.secondCategoryId] ?? 'football-1' }),
        categoryId: second!.categoryId,
        secondCategoryId: app.secondCategoryId,
      })
      .onConflictDoNothing();
    return { userId: app.userId };
  });
}

/** Refuses a verifying application with a reason; the user may then apply again. */
export async function rejectApplication(
  db: Db,
  id: number,
  reason: string,
  reviewerId: number | null,
): Promise<void> {
  const updated = await db
    .update(anchorApplications)
    .set({ status: ANCHOR_APPLY_STATUS.failed, reason, reviewerId, reviewedAt: new Date() })
    .where(
      and(
        eq(anchorApplications.id, id),
        eq(anchorApplications.status, ANCHOR_APPLY_STATUS.verifying),
      ),
    )
    .returning({ id: anchorApplications.id });
  if (updated.length === 0) throw new ApiError('anchorApply.errors.notPending');
}
