/** The picture shown for a user who has not set an avatar (drawn in public/avatar-default.svg). */
export const DEFAULT_AVATAR = '/avatar-default.webp';

/** User roles, the numbers of `users.role` (ROLE in the server schema). */
export const USER_ROLE = { member: 1, anchor: 2, admin: 3 } as const;

/** A role by its name in USER_ROLE. */
export type RoleName = keyof typeof USER_ROLE;

/** The name of a role number, or undefined for a number USER_ROLE does not know. */
export function roleName(role: number | undefined): RoleName | undefined {
  const entry = Object.entries(USER_ROLE).find(([, n]) => n === role);
  return entry?.[0] as RoleName | undefined;
}

/** The user info of spec §3 as the API returns it (gold and diamond in minor units, phone masked). */
export interface UserInfo {
  id: number;
  nick_name: string;
  avatar: string;
  level: number;
  process: number;
  remainder: number;
  diamond: number;
  gold: number;
  mobile: string;
  formatPhone: string;
  vip_level: number;
  role: number;
}
