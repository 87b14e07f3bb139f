/**
 * The newsroom's writing side: entries saved, published (now or at a time), taken off the site
 * and reverted, every change a revision. A save names the version it started from, so two
 * editors never overwrite each other unseen. Changes readers see are announced on the bus.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { diffLines } from 'diff';
import type {
  EntryDetail,
  EntryStatus,
  EntrySummary,
  RevisionDetail,
  RevisionSummary,
} from '../../lib/content/api.ts';
import {
  FIELD_SCHEMAS,
  type EditableCollection,
  type saveRequest,
} from '../../lib/validation/newsroom.ts';
import type { z } from 'zod';
import type { Db } from '../db/index.ts';
import { contentEntries, contentRevisions, users } from '../db/schema.ts';
import { ApiError } from '../api-error.ts';
import { checkMarkdown } from './markdown.ts';
import { shippedEntries, shippedEntry, type ShippedEntry } from './shipped.ts';

type EntryRow = typeof contentEntries.$inferSelect;
type Action = RevisionSummary['action'];

/** Where readers find an entry. */
export function publicUrl(collection: EditableCollection, slug: string): string {
  if (collection === 'news') return `/news_detail/${slug}`;
  if (collection === 'activities') return `/activity_details/${slug}`;
  if (collection === 'help') return `/help#help-${slug}`;
  if (collection === 'urgent') return '/urgent';
  return '/notice';
}

async function authorNames(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, nickName: users.nickName })
    .from(users)
    .where(sql`${users.id} in ${wanted}`);
  return new Map(rows.map((r) => [r.id, r.nickName]));
}

function summaryOf(row: EntryRow, shipped: boolean, author: string | null): EntrySummary {
  return {
    collection: row.collection as EditableCollection,
    slug: row.slug,
    locale: row.locale as EntrySummary['locale'],
    title: row.title,
    id: row.id,
    status: row.status as EntryStatus,
    shipped,
    publish_at: row.publishAt?.toISOString() ?? null,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
    updated_by: author,
  };
}

function detailOf(row: EntryRow, shipped: boolean, author: string | null): EntryDetail {
  return {
    ...summaryOf(row, shipped, author),
    body: row.body,
    fields: row.fields as Record<string, unknown>,
    url: publicUrl(row.collection as EditableCollection, row.slug),
  };
}

/** A shipped file nobody has edited in the site, as the editor lists it (version 0). */
function fileSummary(file: ShippedEntry): EntrySummary {
  return {
    collection: file.collection,
    slug: file.slug,
    locale: file.locale,
    title: file.title,
    id: null,
    status: null,
    shipped: true,
    publish_at: null,
    version: 0,
    updated_at: null,
    updated_by: null,
  };
}

/** A collection's entries (shipped files and entries written here) and the next free numeric slug. */
export async function listEntries(
  db: Db,
  collection: EditableCollection,
): Promise<{ list: EntrySummary[]; next_slug: string }> {
  const rows = await db
    .select()
    .from(contentEntries)
    .where(eq(contentEntries.collection, collection))
    .orderBy(desc(contentEntries.updatedAt));
  const names = await authorNames(
    db,
    rows.map((r) => r.updatedBy),
  );
  const files = shippedEntries(collection);
  const fileKeys = new Set(files.map((f) => `${f.locale}/${f.slug}`));
  const written = new Set(rows.map((r) => `${r.locale}/${r.slug}`));
  const list = rows.map((row) =>
    summaryOf(
      row,
      fileKeys.has(`${row.locale}/${row.slug}`),
      names.get(row.updatedBy ?? 0) ?? null,
    ),
  );
  for (const file of files) {
    if (written.has(`${file.locale}/${file.slug}`)) continue;
    list.push(fileSummary(file));
  }
  const numbers = [...files.map((f) => f.slug), ...rows.map((r) => r.slug)]
    .filter((s) => /^\d{1,9}$/.test(s))
    .map(Number);
  return { list, next_slug: String(Math.max(0, ...numbers) + 1) };
}

async function rowByKey(db: Db, collection: string, slug: string, locale: string) {
  const [row] = await db
    .select()
    .from(contentEntries)
    .where(
      and(
        eq(contentEntries.collection, collection),
        eq(contentEntries.slug, slug),
        eq(contentEntries.locale, locale),
      ),
    );
  return row;
}

async function rowById(db: Db, id: number): Promise<EntryRow> {
  const [row] = await db.select().from(contentEntries).where(eq(contentEntries.id, id));
  if (!row) throw new ApiError('newsroom.errors.missing');
  return row;
}

/** One entry as the editor opens it (a shipped file not edited yet has version 0), with its revisions. */
export async function openEntry(
  db: Db,
  key: { collection: EditableCollection; slug: string; locale: string },
): Promise<{ entry: EntryDetail; revisions: RevisionSummary[] }> {
  const row = await rowByKey(db, key.collection, key.slug, key.locale);
  const file = shippedEntry(key.collection, key.slug, key.locale);
  if (!row) {
    if (!file) throw new ApiError('newsroom.errors.missing');
    return {
      entry: {
        ...fileSummary(file),
        body: file.body,
        fields: file.fields,
        url: publicUrl(file.collection, file.slug),
      },
      revisions: [],
    };
  }
  const revisions = await db
    .select()
    .from(contentRevisions)
    .where(eq(contentRevisions.entryId, row.id))
    .orderBy(desc(contentRevisions.version))
    .limit(100);
  const names = await authorNames(db, [row.updatedBy, ...revisions.map((r) => r.authorId)]);
  return {
    entry: detailOf(row, file !== undefined, names.get(row.updatedBy ?? 0) ?? null),
    revisions: revisions.map((r) => ({
      version: r.version,
      action: r.action as Action,
      author: names.get(r.authorId ?? 0) ?? null,
      at: r.createdAt.toISOString(),
      status: r.status as EntryStatus,
    })),
  };
}

/** The collection's fields checked, or a refusal naming the first wrong one. */
function checkFields(collection: EditableCollection, fields: unknown): Record<string, unknown> {
  const parsed = FIELD_SCHEMAS[collection].safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.');
    throw new ApiError(issue.message, {
      params: { field, ...('maximum' in issue ? { max: issue.maximum } : {}) },
    });
  }
  return parsed.data;
}

function checkBody(body: string): void {
  const problem = checkMarkdown(body);
  if (!problem) return;
  if (problem.kind === 'tooLong')
    throw new ApiError('validation.tooLong', { params: { max: problem.max } });
  throw new ApiError(`newsroom.errors.${problem.kind}`, { params: { url: problem.url } });
}

/** Writes the entry's new state and its revision, if the entry is still at `version`. */
async function writeVersion(
  db: Db,
  row: EntryRow,
  version: number,
  change: Partial<Pick<EntryRow, 'title' | 'body' | 'fields' | 'status' | 'publishAt'>>,
  action: Action,
  authorId: number,
): Promise<EntryRow> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(contentEntries)
      .set({ ...change, version: version + 1, updatedBy: authorId, updatedAt: new Date() })
      .where(and(eq(contentEntries.id, row.id), eq(contentEntries.version, version)))
      .returning();
    if (!updated) throw new ApiError('newsroom.errors.stale');
    await tx.insert(contentRevisions).values(revisionOf(updated, action, authorId));
    return updated;
  });
}

function revisionOf(row: EntryRow, action: Action, authorId: number) {
  return {
    entryId: row.id,
    version: row.version,
    action,
    authorId,
    title: row.title,
    body: row.body,
    fields: row.fields,
    status: row.status,
    publishAt: row.publishAt,
  };
}

/** Saves a draft of a new entry (version 0) or a new version of one. Answers the before and after. */
export async function saveEntry(
  db: Db,
  authorId: number,
  request: z.infer<typeof saveRequest>,
): Promise<{ before: EntryRow | undefined; after: EntryRow }> {
  const fields = checkFields(request.collection, request.fields);
  checkBody(request.body);
  const existing = await rowByKey(db, request.collection, request.slug, request.locale);
  if (request.version === 0) {
    if (existing) throw new ApiError('newsroom.errors.exists');
    const after = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(contentEntries)
        .values({
          collection: request.collection,
          slug: request.slug,
          locale: request.locale,
          title: request.title,
          body: request.body,
          fields,
          status: 'draft',
          updatedBy: authorId,
        })
        .onConflictDoNothing()
        .returning();
      if (!created) throw new ApiError('newsroom.errors.exists');
      await tx.insert(contentRevisions).values(revisionOf(created, 'save', authorId));
      return created;
    });
    return { before: undefined, after };
  }
  if (!existing) throw new ApiError('newsroom.errors.missing');
  const after = await writeVersion(
    db,
    existing,
    request.version,
    { title: request.title, body: request.body, fields },
    'save',
    authorId,
  );
  return { before: existing, after };
}

/** Publishes an entry now, or at `publishAt` (which must be in the future). */
export async function publishEntry(
  db: Db,
  authorId: number,
  request: { id: number; version: number; publish_at?: string },
  now = new Date(),
): Promise<EntryRow> {
  const row = await rowById(db, request.id);
  const at = request.publish_at ? new Date(request.publish_at) : null;
  if (at && at.getTime() <= now.getTime()) throw new ApiError('newsroom.errors.pastSchedule');
  return writeVersion(
    db,
    row,
    request.version,
    { status: 'published', publishAt: at },
    at ? 'schedule' : 'publish',
    authorId,
  );
}

/** Takes an entry off the site (a shipped file with its key too). */
export async function unpublishEntry(
  db: Db,
  authorId: number,
  request: { id: number; version: number },
): Promise<EntryRow> {
  const row = await rowById(db, request.id);
  return writeVersion(
    db,
    row,
    request.version,
    { status: 'unpublished', publishAt: null },
    'unpublish',
    authorId,
  );
}

/** Gives an entry the title, body and fields of revision `to`, as a new version. */
export async function revertEntry(
  db: Db,
  authorId: number,
  request: { id: number; version: number; to: number },
): Promise<EntryRow> {
  const row = await rowById(db, request.id);
  const [old] = await db
    .select()
    .from(contentRevisions)
    .where(and(eq(contentRevisions.entryId, row.id), eq(contentRevisions.version, request.to)));
  if (!old) throw new ApiError('newsroom.errors.missing');
  return writeVersion(
    db,
    row,
    request.version,
    { title: old.title, body: old.body, fields: old.fields },
    'revert',
    authorId,
  );
}

/** One revision with its changes against the revision before it. */
export async function revisionDetail(db: Db, id: number, version: number): Promise<RevisionDetail> {
  const rows = await db
    .select()
    .from(contentRevisions)
    .where(
      and(
        eq(contentRevisions.entryId, id),
        sql`${contentRevisions.version} in (${version}, ${version - 1})`,
      ),
    );
  const current = rows.find((r) => r.version === version);
  if (!current) throw new ApiError('newsroom.errors.missing');
  const before = rows.find((r) => r.version === version - 1);
  const names = await authorNames(db, [current.authorId]);
  const fields = current.fields as Record<string, unknown>;
  const oldFields = (before?.fields ?? {}) as Record<string, unknown>;
  const changed = [...new Set([...Object.keys(fields), ...Object.keys(oldFields)])].filter(
    (k) => JSON.stringify(fields[k]) !== JSON.stringify(oldFields[k]),
  );
  return {
    version: current.version,
    action: current.action as Action,
    author: names.get(current.authorId ?? 0) ?? null,
    at: current.createdAt.toISOString(),
    status: current.status as EntryStatus,
    title: current.title,
    body: current.body,
    fields,
    changed_fields: before ? changed : [],
    title_before: before?.title ?? null,
    diff: diffLines(before?.body ?? '', current.body).map((part) => ({
      kind: part.added ? 'added' : part.removed ? 'removed' : 'same',
      text: part.value,
    })),
  };
}

/** The entry as the editor sees it after a change. */
export async function entryView(db: Db, row: EntryRow): Promise<EntryDetail> {
  const names = await authorNames(db, [row.updatedBy]);
  const shipped =
    shippedEntry(row.collection as EditableCollection, row.slug, row.locale) !== undefined;
  return detailOf(row, shipped, names.get(row.updatedBy ?? 0) ?? null);
}
