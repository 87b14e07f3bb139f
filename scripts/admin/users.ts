/**
 * `users:*`: find users by id or phone, platform bans, the administrator role and logging out
 * everywhere. Sockets close over the runtime's bus: with REDIS_URL every running server closes
 * the user's sockets at once; without it the sessions still end in the database, so every
 * request and reconnection is refused, but a socket already open stays until it reconnects.
 */
import type { AdminUserView, BanView } from '../../src/lib/admin/views.ts';
import { USER_ROLE } from '../../src/lib/user-info.ts';
import {
  banRequest,
  roleRequest,
  userRequest,
  userSearchRequest,
} from '../../src/lib/validation/admin.ts';
import {
  banUser,
  findUsers,
  logoutEverywhere,
  setRole,
  unbanUser,
} from '../../src/server/admin/users.ts';
import type { Runtime } from '../../src/server/runtime.ts';
import { clock, money, numberArg, t, validate, type Command } from './cli.ts';

const ID = { user_id: 'id' };

/** "Banned until …: reason" or "Banned for good: reason". */
function banText(ban: BanView): string {
  return ban.until
    ? t('admin.users.bannedUntil', { time: clock(ban.until), reason: ban.reason })
    : t('admin.users.bannedForever', { reason: ban.reason });
}

function printUser(u: AdminUserView): void {
  console.log(
    [
      `#${u.id}`,
      u.nick_name,
      u.mobile,
      t(`admin.users.role.${u.role}`),
      `VIP ${u.vip_level}`,
      t('admin.users.joined', { time: clock(u.created_at) }),
    ].join('  '),
  );
  console.log(
    `    gems ${money(u.gold)}  diamonds ${money(u.diamond)}  income ${money(u.income)}  ` +
      t('admin.users.sessions', { count: u.sessions }),
  );
  if (u.ban) console.log(`    ${banText(u.ban)}`);
}

/** Says how the user's open sockets learn of the ended sessions. */
function socketsNote(rt: Runtime): void {
  if (rt.env.redisUrl) console.log('Running servers were told over Redis to close their sockets.');
  else {
    console.log(
      'Sessions ended in the database; without REDIS_URL a running server keeps already open sockets until they reconnect.',
    );
  }
}

/** The verbs of users. */
export const userCommands: Record<string, Command> = {
  'users:find': {
    args: '<id or phone digits>',
    help: 'users by id, or whose phone ends with the digits (5 or more)',
    parse([q]) {
      const search = validate(userSearchRequest, { q }, { q: 'id or phone' });
      return async ({ rt }) => {
        const list = await findUsers(rt.db, search.q);
        if (list.length === 0) console.log(t('admin.users.none'));
        list.forEach(printUser);
      };
    },
  },
  'users:ban': {
    args: '<id> <minutes, 0 = permanent> <reason...>',
    help: 'ban from the platform and log out everywhere',
    parse([id, minutes, ...reason]) {
      const ban = validate(
        banRequest,
        { user_id: numberArg(id), minutes: numberArg(minutes), reason: reason.join(' ') },
        ID,
      );
      return async ({ rt, actor }) => {
        const view = await banUser(rt.db, rt.bus, actor, {
          userId: ban.user_id,
          minutes: ban.minutes,
          reason: ban.reason,
        });
        console.log(`User ${ban.user_id}: ${banText(view)}; logged out everywhere.`);
        socketsNote(rt);
      };
    },
  },
  'users:unban': {
    args: '<id>',
    help: "lift the user's running bans",
    parse([id]) {
      const { user_id } = validate(userRequest, { user_id: numberArg(id) }, ID);
      return async ({ rt, actor }) => {
        await unbanUser(rt.db, actor, user_id);
        console.log(`User ${user_id}: ban lifted.`);
      };
    },
  },
  'users:role': {
    args: '<id> member|admin',
    help: 'make a user an administrator or a member again (not anchors)',
    parse([id, role]) {
      const roles: Record<string, number> = { member: USER_ROLE.member, admin: USER_ROLE.admin };
      const change = validate(
        roleRequest,
        { user_id: numberArg(id), role: roles[role ?? ''] ?? role },
        ID,
      );
      return async ({ rt, actor }) => {
        await setRole(rt.db, actor, change.user_id, change.role);
        console.log(`User ${change.user_id} is now: ${t(`admin.users.role.${change.role}`)}.`);
      };
    },
  },
  'users:logout': {
    args: '<id>',
    help: 'end every session of the user on every device',
    parse([id]) {
      const { user_id } = validate(userRequest, { user_id: numberArg(id) }, ID);
      return async ({ rt, actor }) => {
        await logoutEverywhere(rt.db, rt.bus, actor, user_id);
        console.log(`User ${user_id}: logged out everywhere.`);
        socketsNote(rt);
      };
    },
  },
};
