/**
 * The newsroom (/admin/content): the list of one collection, the entry being edited with its
 * history, the preview, and the editors. Every call answers editors and administrators only
 * (the editor role: administrators only); a refusal's message is what the screen shows.
 */
import { atom } from 'nanostores';
import { send } from '../api/client.ts';
import {
  newsroomApi,
  type EditorRow,
  type EntryDetail,
  type EntrySummary,
  type RevisionDetail,
  type RevisionSummary,
} from '../content/api.ts';
import type { EditableCollection } from '../validation/newsroom.ts';
import { uploadImage } from './studio.ts';

/** Who the caller is to the newsroom; null until asked. */
export const $newsroomAccess = atom<{ editor: boolean; admin: boolean } | null>(null);

/** Asks whether the caller may edit content. */
export async function loadNewsroomAccess(): Promise<void> {
  $newsroomAccess.set(await send(newsroomApi.me));
}

/** The collection listed. */
export const $collection = atom<EditableCollection>('notices');
/** Its entries; null while loading. */
export const $entries = atom<EntrySummary[] | null>(null);
/** The numeric slug a new entry gets. */
export const $nextSlug = atom('1');

/** Lists a collection's entries. */
export async function loadEntries(collection: EditableCollection): Promise<void> {
  $collection.set(collection);
  $entries.set(null);
  const { list, next_slug } = await send(newsroomApi.list, { collection });
  if ($collection.get() !== collection) return;
  $entries.set(list);
  $nextSlug.set(next_slug);
}

/** The entry open in the editor (a new one has version 0 and no id); null when none. */
export const $entry = atom<EntryDetail | null>(null);
/** Its saved versions, newest first. */
export const $revisions = atom<RevisionSummary[]>([]);
/** The revision shown with its diff; null when none. */
export const $revision = atom<RevisionDetail | null>(null);

/** Opens an entry (a shipped file opens as version 0, to be saved as the site's own). */
export async function openEntry({
  collection,
  slug,
  locale,
}: {
  collection: EditableCollection;
  slug: string;
  locale: string;
}): Promise<void> {
  // Only the key: a list row or an entry carries more than the call takes.
  const { entry, revisions } = await send(newsroomApi.entry, { collection, slug, locale });
  $entry.set(entry);
  $revisions.set(revisions);
  $revision.set(null);
}

/** The fields a new entry of each collection starts with. */
function blankFields(collection: EditableCollection, now: Date): Record<string, unknown> {
  const date = now.toISOString();
  const week = new Date(now.getTime() + 7 * 86_400_000).toISOString();
  switch (collection) {
    case 'notices':
      return { date, pinned: false };
    case 'news':
      return { date, cover: '', summary: '', tags: [], sport: 'football' };
    case 'help':
      return { category: 'account', order: 1 };
    case 'activities':
      return { cover: '', start: date, end: week, summary: '' };
    case 'urgent':
      return { date };
  }
}

/** Starts a new entry in the editor (nothing is saved until the editor saves). */
export function newEntry(
  collection: EditableCollection,
  locale: 'zh-CN' | 'en-US',
  slug = $nextSlug.get(),
): void {
  $entry.set({
    collection,
    slug,
    locale,
    title: '',
    id: null,
    status: null,
    shipped: false,
    publish_at: null,
    version: 0,
    updated_at: null,
    updated_by: null,
    body: '',
    fields: blankFields(collection, new Date()),
    url: '',
  });
  $revisions.set([]);
  $revision.set(null);
}

/** What the editor's form holds. */
export interface EntryDraft {
  slug: string;
  title: string;
  body: string;
  fields: Record<string, unknown>;
}

async function reopen(entry: EntryDetail): Promise<void> {
  await openEntry({ collection: entry.collection, slug: entry.slug, locale: entry.locale });
  void loadEntries(entry.collection);
}

/** Saves the open entry's draft (a new entry, or a new version); answers the saved entry. */
export async function saveEntry(draft: EntryDraft): Promise<EntryDetail> {
  const open = $entry.get();
  if (!open) throw new Error('no entry open');
  const { entry } = await send(newsroomApi.save, {
    collection: open.collection,
    slug: draft.slug,
    locale: open.locale,
    title: draft.title,
    body: draft.body,
    fields: draft.fields,
    version: open.version,
  });
  await reopen(entry);
  return entry;
}

function openSaved(): EntryDetail {
  const open = $entry.get();
  if (!open?.id) throw new Error('save the entry first');
  return open;
}

/** Publishes the open entry now, or at `at` (ISO). */
export async function publishEntry(at?: string): Promise<void> {
  const open = openSaved();
  const { entry } = await send(newsroomApi.publish, {
    id: open.id!,
    version: open.version,
    ...(at ? { publish_at: at } : {}),
  });
  await reopen(entry);
}

/** Takes the open entry off the site. */
export async function unpublishEntry(): Promise<void> {
  const open = openSaved();
  const { entry } = await send(newsroomApi.unpublish, { id: open.id!, version: open.version });
  await reopen(entry);
}

/** Gives the open entry the text of revision `to`, as a new version. */
export async function revertEntry(to: number): Promise<void> {
  const open = openSaved();
  const { entry } = await send(newsroomApi.revert, { id: open.id!, version: open.version, to });
  await reopen(entry);
}

/** Shows one revision with its diff. */
export async function showRevision(version: number): Promise<void> {
  const open = openSaved();
  const { revision } = await send(newsroomApi.revision, { id: open.id!, version });
  $revision.set(revision);
}

/** Markdown as readers will see it (the public page's rendering, made on the server). */
export async function previewMarkdown(body: string): Promise<string> {
  return (await send(newsroomApi.preview, { body })).html;
}

/** Uploads a picture for an entry; answers its path. */
export function uploadEntryPicture(file: File, onProgress: (f: number) => void): Promise<string> {
  return uploadImage(file, 'image', onProgress);
}

/** The editors (administrators only); null until loaded. */
export const $editors = atom<EditorRow[] | null>(null);

/** Loads the editors. */
export async function loadEditors(): Promise<void> {
  $editors.set((await send(newsroomApi.editors)).list);
}

/** Grants the editor role. */
export async function grantEditor(userId: number): Promise<void> {
  $editors.set((await send(newsroomApi.grant, { user_id: userId })).list);
}

/** Takes the editor role back. */
export async function revokeEditor(userId: number): Promise<void> {
  $editors.set((await send(newsroomApi.revoke, { user_id: userId })).list);
}
