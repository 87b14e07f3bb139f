import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { get, post } from '../../lib/api/endpoint.ts';
import { pathIn, routeOf } from './endpoint-routes.ts';

const state = get<{ type: number }>('/api/anchor/followState');
const toggle = post<{ type: number }>('/api/anchor/attentAnchor');

describe('routes named by descriptors', () => {
  it('give the path below the mount and the descriptor’s own method', () => {
    expect(pathIn('/api/anchor', state)).toBe('/followState');
    expect(pathIn('/api', state)).toBe('/anchor/followState');
    expect(routeOf('/api/anchor', state)).toEqual(['GET', '/followState']);
    expect(routeOf('/api/anchor', toggle)).toEqual(['POST', '/attentAnchor']);
    expect(routeOf('/api/anchor', state, ['GET', 'POST'])).toEqual([
      ['GET', 'POST'],
      '/followState',
    ]);
  });

  it('refuse a descriptor that is not under the mount', () => {
    expect(() => pathIn('/api/live', state)).toThrow(
      'GET /api/anchor/followState is not under the mount /api/live',
    );
    // A prefix of a segment is not a mount of it.
    expect(() => pathIn('/api/anch', state)).toThrow('not under the mount /api/anch');
    expect(() => pathIn('/api/anchor/followState', state)).toThrow('not under the mount');
    expect(() => pathIn('/api/anchor/', state)).toThrow('not under the mount');
    expect(() => routeOf('/webapi/live', toggle)).toThrow('not under the mount /webapi/live');
  });

  it('refuse a list of methods without the descriptor’s own', () => {
    expect(() => routeOf('/api/anchor', state, ['POST'])).toThrow(
      'GET /api/anchor/followState is registered for POST only',
    );
    expect(() => routeOf('/api/anchor', toggle, ['GET'])).toThrow('registered for GET only');
  });

  it('register the call under its method only, as mounted', async () => {
    const routes = new Hono()
      .on(...routeOf('/api/anchor', state), (c) => c.text('state'))
      .on(...routeOf('/api/anchor', toggle), (c) => c.text('toggle'));
    const app = new Hono().route('/api/anchor', routes);
    const answer = async (method: string, path: string) => {
      const res = await app.request(path, { method });
      return `${res.status} ${await res.text()}`;
    };
    expect(await answer('GET', '/api/anchor/followState')).toBe('200 state');
    expect(await answer('POST', '/api/anchor/attentAnchor')).toBe('200 toggle');
    expect(await answer('POST', '/api/anchor/followState')).toBe('404 404 Not Found');
    expect(await answer('GET', '/api/anchor/attentAnchor')).toBe('404 404 Not Found');
  });

  it('fail while a module’s routes are built, not when a call arrives', () => {
    expect(() => new Hono().on(...routeOf('/api/live', state), (c) => c.text('never'))).toThrow(
      'not under the mount /api/live',
    );
  });
});
