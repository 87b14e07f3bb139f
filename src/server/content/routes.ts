/**
 * The newsroom's calls, mounted at /api/admin/content: entries and their revisions, the preview
 * (the public page's rendering) for editors and administrators; the editor role for
 * administrators only. Every change is announced so every process shows it at once.
 */
import { Hono } from 'hono';
import {
  editorRequest,
  entryKeyRequest,
  listRequest,
  previewRequest,
  publishRequest,
  revertRequest,
  revisionRequest,
  saveRequest,
  unpublishRequest,
} from '../../lib/validation/newsroom.ts';
import { newsroomApi } from '../../lib/content/api.ts';
import { USER_ROLE } from '../../lib/user-info.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ok } from '../http/envelope.ts';
import { input } from '../http/validate.ts';
import { rateLimit } from '../shared/limits.ts';
import { actorOf, requireAdmin } from '../staff/guard.ts';
import { grantEditor, isEditor, listEditors, requireEditor, revokeEditor } from './editors.ts';
import {
  entryView,
  listEntries,
  openEntry,
  publishEntry,
  revertEntry,
  revisionDetail,
  saveEntry,
  unpublishEntry,
} from './entries.ts';
import { renderMarkdown } from './markdown.ts';
import { announceContentChange } from './published.ts';

/** Where the newsroom's calls are mounted. */
export const NEWSROOM_MOUNT = '/api/admin/content';

/** The newsroom's calls. Previews render Markdown, so they are limited per editor. */
export function newsroomRoutes() {
  const previews = rateLimit('newsroom.preview', 120, 60_000);
  const writes = rateLimit('newsroom.write', 60, 60_000);
  // Each call names its guard: editors' calls, administrators' calls and /me share the mount.
  const routes = new Hono<ApiEnv>()
    .on(...routeOf(NEWSROOM_MOUNT, newsroomApi.list), requireEditor, async (c) => {
      const { collection } = await input(c, listRequest);
      return ok(c, await listEntries(c.get('rt').db, collection));
    })
    .on(...routeOf(NEWSROOM_MOUNT, newsroomApi.entry), requireEditor, async (c) =>
      ok(c, await openEntry(c.get('rt').db, await input(c, entryKeyRequest))),
    )
    .on(...routeOf(NEWSROOM_MOUNT, newsroomApi.revision), requireEditor, async (c) => {
      const { id, version } = await input(c, revisionRequest);
      return ok(c, { revision: await revisionDetail(c.get('rt').db, id, version) });
    })
    .on(...routeOf(NEWSROOM_MOUNT, newsroomApi.preview), requireEditor, async (c) => {
      await previews.enforce(c.get('rt'), String(c.get('user')!.id));
      const { body } = await input(c, previewRequest);
      return ok(c, { html: renderMarkdown(body) });
    })
    .on(...routeOf(NEWSROOM_MOUNT, newsroomApi.save), requireEditor, async (c) => {
      const rt = c.get('rt');
      const userId = c.get('user')!.id;
      await writes.enforce(rt, String(userId));
      const { after } = await saveEntry(rt.db, userId, await input(c, saveRequest));
      announceContentChange(rt.bus);
      return ok(c, { entry: await entryView(rt.db, after) });
    })
    .on(...routeOf(NEWSROOM_MOUNT, newsroomApi.publish), requireEditor, async (c) => {
      const rt = c.get('rt');
      const userId = c.get('user')!.id;
      await writes.enforce(rt, String(userId));
      const row = await publishEntry(rt.db, userId, await input(c, publishRequest));
      announceContentChange(rt.bus);
      return ok(c, { entry: await entryView(rt.db, row) });
    })
    .on(...routeOf(NEWSROOM_MOUNT, newsroomApi.unpublish), requireEditor, async (c) => {
      const rt = c.get('rt');
      const userId = c.get('user')!.id;
      await writes.enforce(rt, String(userId));
      const row = await unpublishEntry(rt.db, userId, await input(c, unpublishRequest));
      announceContentChange(rt.bus);
      return ok(c, { entry: await entryView(rt.db, row) });
    })
    .on(...routeOf(NEWSROOM_MOUNT, newsroomApi.revert), requireEditor, async (c) => {
      const rt = c.get('rt');
      const userId = c.get('user')!.id;
      await writes.enforce(rt, String(userId));
      const row = await revertEntry(rt.db, userId, await input(c, revertRequest));
      announceContentChange(rt.bus);
      return ok(c, { entry: await entryView(rt.db, row) });
    });
  return routes
    .on(...routeOf(NEWSROOM_MOUNT, newsroomApi.editors), requireAdmin, async (c) =>
      ok(c, { list: await listEditors(c.get('rt').db) }),
    )
    .on(...routeOf(NEWSROOM_MOUNT, newsroomApi.grant), requireAdmin, async (c) => {
      const { user_id } = await input(c, editorRequest);
      const { db } = c.get('rt');
      await grantEditor(db, await actorOf(c), user_id);
      return ok(c, { list: await listEditors(db) });
    })
    .on(...routeOf(NEWSROOM_MOUNT, newsroomApi.revoke), requireAdmin, async (c) => {
      const { user_id } = await input(c, editorRequest);
      const { db } = c.get('rt');
      await revokeEditor(db, await actorOf(c), user_id);
      return ok(c, { list: await listEditors(db) });
    })
    .on(...routeOf(NEWSROOM_MOUNT, newsroomApi.me), async (c) => {
      const user = c.get('user');
      if (!user) return ok(c, { editor: false, admin: false });
      return ok(c, {
        editor: await isEditor(c.get('rt').db, user),
        admin: user.role === USER_ROLE.admin,
      });
    });
}
