/**
 * The staff screens and who sees each: the one list that the staff navigation (on every screen
 * drawn with StaffLayout) and the staff links of the header's user card are rendered from. A new
 * staff screen joins both by adding its entry here and using StaffLayout. Showing a link is only
 * the way in: the server checks the role on every call the screen makes.
 */
import type { MessageKey } from '../i18n/index.ts';
import type { RoleName } from '../user-info.ts';

/** Icons of the user card that a staff link may use (names of the Icon component). */
export type StaffIcon = 'chart' | 'shield' | 'trophy' | 'document' | 'calendar' | 'broadcast';

/** Who a staff link is for: a user role, or the editor grant (content and the match desk). */
export type StaffRole = RoleName | 'editor';

/** One staff screen. */
export interface StaffLink {
  /** Stable name (`data-staff-link`). */
  name: string;
  /** The screen's path. */
  href: string;
  /** Its label, in the navigation and the user card. */
  label: MessageKey;
  /** The icon beside the label in the user card. */
  icon: StaffIcon;
  /** The roles that see the link ('editor': granted by an administrator, src/lib/stores/staff.ts). */
  roles: readonly StaffRole[];
}

/** Every staff screen, in the order of the navigation. */
export const STAFF_NAV: readonly StaffLink[] = [
  { name: 'console', href: '/admin', label: 'staff.console', icon: 'chart', roles: ['admin'] },
  {
    name: 'anchors',
    href: '/admin/anchors',
    label: 'staff.anchors',
    icon: 'shield',
    roles: ['admin'],
  },
  {
    name: 'quizzes',
    href: '/admin/quizzes',
    label: 'staff.quizzes',
    icon: 'trophy',
    roles: ['admin'],
  },
  {
    name: 'content',
    href: '/admin/content',
    label: 'staff.content',
    icon: 'document',
    roles: ['admin', 'editor'],
  },
  {
    name: 'matches',
    href: '/admin/matches',
    label: 'staff.matches',
    icon: 'calendar',
    roles: ['admin', 'editor'],
  },
];

/** The links a user of `role` sees (none for a guest, whose role is undefined). */
export function staffLinksFor(
  role: RoleName | undefined,
  links: readonly StaffLink[] = STAFF_NAV,
  editor = false,
): StaffLink[] {
  if (!role) return [];
  return links.filter(
    (link) => link.roles.includes(role) || (editor && link.roles.includes('editor')),
  );
}

/**
 * The link of the screen at `path`: the one whose href is the path or its longest prefix, so
 * `/admin/anchors` is the applications and `/admin` itself the console.
 */
export function activeStaffLink(
  path: string,
  links: readonly StaffLink[] = STAFF_NAV,
): StaffLink | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  let best: StaffLink | undefined;
  for (const link of links) {
    const hit = clean === link.href || clean.startsWith(`${link.href}/`);
    if (hit && (!best || link.href.length > best.href.length)) best = link;
  }
  return best;
}

/** The attribute StaffLayout puts on `<body>`: viewer promotions stay away from such a page. */
export const STAFF_SCREEN_ATTR = 'data-staff-screen';

/** True on a page drawn with StaffLayout. */
export function isStaffScreen(doc: Document = document): boolean {
  return doc.body.hasAttribute(STAFF_SCREEN_ATTR);
}
