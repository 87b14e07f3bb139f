import { describe, expect, it } from 'vitest';
import { activeTabFor, tabForPath } from './routes.ts';

describe('tabForPath', () => {
  it('finds the tab of a path by its longest prefix', () => {
    expect(tabForPath('/home')).toBe('home');
    expect(tabForPath('/liveMatchesTwo/100003')).toBe('live');
    expect(tabForPath('/liveMatchesReplay')).toBe('replay');
    expect(tabForPath('/news_detail/1')).toBe('news');
    expect(tabForPath('/user-center/privateChat')).toBe('privateChat');
    expect(tabForPath('/ranking')).toBeUndefined();
    expect(tabForPath('/homepage')).toBeUndefined();
  });
});

describe('activeTabFor', () => {
  it("highlights a path's own tab whatever was remembered", () => {
    expect(activeTabFor('/schedule', 'home')).toBe('schedule');
    expect(activeTabFor('/user-center/privateChat', 'home')).toBe('privateChat');
  });

  it('keeps the remembered tab on other pages without a tab', () => {
    expect(activeTabFor('/ranking', 'schedule')).toBe('schedule');
    expect(activeTabFor('/keysearch', 'home')).toBe('home');
    expect(activeTabFor('/ranking', null)).toBeUndefined();
    expect(activeTabFor('/ranking', '')).toBeUndefined();
  });

  it('highlights nothing in the user centre and on admin pages', () => {
    for (const path of [
      '/user-center',
      '/user-center/index',
      '/user-center/myWallet',
      '/user-center/apply-anchor',
      '/admin',
      '/admin/anchors',
    ]) {
      expect(activeTabFor(path, 'home'), path).toBeUndefined();
    }
    // Only whole path segments count: /administrator is not an admin page.
    expect(activeTabFor('/administrator', 'home')).toBe('home');
  });
});
