import { describe, expect, it } from 'vitest';
import { roleName, USER_ROLE } from '../user-info.ts';
import { activeStaffLink, STAFF_NAV, staffLinksFor, type StaffLink } from './nav.ts';

describe('activeStaffLink', () => {
  it('picks the screen by its own path or the longest prefix', () => {
    expect(activeStaffLink('/admin')?.name).toBe('console');
    expect(activeStaffLink('/admin/')?.name).toBe('console');
    expect(activeStaffLink('/admin/anchors')?.name).toBe('anchors');
    expect(activeStaffLink('/admin/quizzes/')?.name).toBe('quizzes');
    expect(activeStaffLink('/admin/matches')?.name).toBe('matches');
    expect(activeStaffLink('/admin/somewhere-new')?.name).toBe('console');
    expect(activeStaffLink('/administrator')).toBeUndefined();
    expect(activeStaffLink('/home')).toBeUndefined();
  });
});

describe('staffLinksFor', () => {
  const links: StaffLink[] = [
    ...STAFF_NAV,
    { name: 'desk', href: '/admin/desk', label: 'staff.console', icon: 'chart', roles: ['anchor'] },
  ];

  it('gives administrators the console, the applications, the quizzes, the content and the desk', () => {
    expect(staffLinksFor('admin').map((l) => l.href)).toEqual([
      '/admin',
      '/admin/anchors',
      '/admin/quizzes',
      '/admin/content',
      '/admin/matches',
    ]);
  });

  it('gives an editor of any role the content and the match desk, and nothing of the console', () => {
    const editorLinks = ['/admin/content', '/admin/matches'];
    expect(staffLinksFor('member', STAFF_NAV, true).map((l) => l.href)).toEqual(editorLinks);
    expect(staffLinksFor('anchor', STAFF_NAV, true).map((l) => l.href)).toEqual(editorLinks);
    expect(staffLinksFor('member')).toEqual([]);
  });

  it('gives each role only the links that name it, and a guest none', () => {
    expect(staffLinksFor('anchor', links).map((l) => l.name)).toEqual(['desk']);
    expect(staffLinksFor('member', links)).toEqual([]);
    expect(staffLinksFor(undefined, links)).toEqual([]);
  });

  it('names each screen once', () => {
    const names = STAFF_NAV.map((l) => l.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('roleName', () => {
  it('names the role numbers and nothing else', () => {
    expect(roleName(USER_ROLE.admin)).toBe('admin');
    expect(roleName(USER_ROLE.member)).toBe('member');
    expect(roleName(99)).toBeUndefined();
    expect(roleName(undefined)).toBeUndefined();
  });
});
