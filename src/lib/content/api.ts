/**
 * The newsroom's calls (/admin/content): entries written in the site, their revisions, the
 * preview, and the editor role. Administrators and editors only, checked on the server.
 */
import { get, post } from '../api/endpoint.ts';
import type { EditableCollection } from '../validation/newsroom.ts';

/** draft (not shown), published (shown from publish_at) or unpublished (hidden). */
export type EntryStatus = 'draft' | 'published' | 'unpublished';

/** One row of the editor's list: a shipped file, an entry written in the site, or both. */
export interface EntrySummary {
  collection: EditableCollection;
  slug: string;
  locale: 'zh-CN' | 'en-US';
  title: string;
  /** The entry written in the site, absent for a shipped file nobody has edited. */
  id: number | null;
  /** Absent for a shipped file nobody has edited (it is shown as it is). */
  status: EntryStatus | null;
  /** Whether a shipped file has this key (an entry written in the site overrides it). */
  shipped: boolean;
  /** When a published entry is (or was) shown, ISO; null when at publishing. */
  publish_at: string | null;
  version: number;
  updated_at: string | null;
  updated_by: string | null;
}

/** An entry as the editor opens it. */
export interface EntryDetail extends EntrySummary {
  body: string;
  fields: Record<string, unknown>;
  /** Where a reader sees it. */
  url: string;
}

/** One saved state of an entry. */
export interface RevisionSummary {
  version: number;
  action: 'save' | 'publish' | 'schedule' | 'unpublish' | 'revert';
  author: string | null;
  at: string;
  status: EntryStatus;
}

/** One line of a diff: kept, added or removed text. */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** A revision with what it changed against the one before it. */
export interface RevisionDetail extends RevisionSummary {
  title: string;
  body: string;
  fields: Record<string, unknown>;
  /** Fields whose value differs from the previous revision. */
  changed_fields: string[];
  /** The body against the previous revision, by line. */
  diff: DiffPart[];
  title_before: string | null;
}

/** An editor as the console lists them. */
export interface EditorRow {
  user_id: number;
  nick_name: string;
  granted_at: string;
}

export const newsroomApi = {
  /** Whether the caller may edit content (administrators and editors). */
  me: get<{ editor: boolean; admin: boolean }>('/api/admin/content/me'),
  /** A collection's entries, shipped files and entries written in the site together. */
  list: get<{ list: EntrySummary[]; next_slug: string }, { collection: EditableCollection }>(
    '/api/admin/content/list',
  ),
  /** One entry with its revisions. */
  entry: get<
    { entry: EntryDetail; revisions: RevisionSummary[] },
    { collection: EditableCollection; slug: string; locale: string }
  >('/api/admin/content/entry'),
  /** Saves a draft (a new entry, or a new version of one). */
  save: post<
    { entry: EntryDetail },
    {
      collection: EditableCollection;
      slug: string;
      locale: string;
      title: string;
      body: string;
      fields: Record<string, unknown>;
      version: number;
    }
  >('/api/admin/content/save'),
  /** Publishes now, or at publish_at. */
  publish: post<{ entry: EntryDetail }, { id: number; version: number; publish_at?: string }>(
    '/api/admin/content/publish',
  ),
  /** Takes an entry (and a shipped file with its key) off the site. */
  unpublish: post<{ entry: EntryDetail }, { id: number; version: number }>(
    '/api/admin/content/unpublish',
  ),
  /** Brings back one revision's text as a new version. */
  revert: post<{ entry: EntryDetail }, { id: number; version: number; to: number }>(
    '/api/admin/content/revert',
  ),
  /** One revision and its diff against the one before. */
  revision: get<{ revision: RevisionDetail }, { id: number; version: number }>(
    '/api/admin/content/revision',
  ),
  /** Markdown rendered as the public page renders it. */
  preview: post<{ html: string }, { body: string }>('/api/admin/content/preview'),
  /** Editors (administrators only). */
  editors: get<{ list: EditorRow[] }>('/api/admin/content/editors'),
  /** Makes a user an editor (administrators only). */
  grant: post<{ list: EditorRow[] }, { user_id: number }>('/api/admin/content/editors/grant'),
  /** Takes the editor role back (administrators only). */
  revoke: post<{ list: EditorRow[] }, { user_id: number }>('/api/admin/content/editors/revoke'),
};
