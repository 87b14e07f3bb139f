// @vitest-environment happy-dom
/** The session store: who is logged in and what the header may offer them. */
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROLE } from '../../server/db/schema.ts';
import { USER_ROLE } from '../user-info.ts';
import { $isAdmin, $token, $userInfo, type StoredUserInfo } from './session.ts';

const INFO = { id: 7, nick_name: 'Fan', gold: 0, diamond: 0, role: 1 } as StoredUserInfo;

beforeEach(() => {
  localStorage.clear();
  $token.set('token');
  $userInfo.set({ ...INFO });
});
afterEach(() => {
  cleanStores($isAdmin);
});

describe('session store', () => {
  it('uses the server schema role numbers', () => {
    expect(USER_ROLE).toEqual(ROLE);
  });

  it('knows an administrator only while one is logged in', () => {
    expect($isAdmin.get()).toBe(false);
    $userInfo.set({ ...INFO, role: USER_ROLE.anchor });
    expect($isAdmin.get()).toBe(false);
    $userInfo.set({ ...INFO, role: USER_ROLE.admin });
    expect($isAdmin.get()).toBe(true);
    // Logged out (the token goes first), then the stored info too.
    $token.set(undefined);
    expect($isAdmin.get()).toBe(false);
    $token.set('token');
    $userInfo.set(undefined);
    expect($isAdmin.get()).toBe(false);
  });
});
