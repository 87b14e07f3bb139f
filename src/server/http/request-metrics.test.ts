import { describe, expect, it } from 'vitest';
import { metricsAllowed, staticOrPage } from './request-metrics.ts';

const TOKEN = 'a-scraper-token-of-32-characters';

describe('who may read /metrics', () => {
  it('lets loopback callers in without a token', () => {
    expect(metricsAllowed('127.0.0.1', undefined, '')).toBe(true);
    expect(metricsAllowed('::1', undefined, TOKEN)).toBe(true);
  });

  it('keeps other addresses out unless they hold the configured token', () => {
    expect(metricsAllowed('203.0.113.9', undefined, '')).toBe(false);
    expect(metricsAllowed('203.0.113.9', `Bearer ${TOKEN}`, '')).toBe(false);
    expect(metricsAllowed('203.0.113.9', undefined, TOKEN)).toBe(false);
    expect(metricsAllowed('203.0.113.9', 'Bearer wrong', TOKEN)).toBe(false);
    expect(metricsAllowed('203.0.113.9', `Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(metricsAllowed('203.0.113.9', TOKEN, TOKEN)).toBe(false);
    expect(metricsAllowed('203.0.113.9', `Bearer ${TOKEN}`, TOKEN)).toBe(true);
  });
});

describe('labels of requests that are not the API', () => {
  it('tells hashed assets and files from pages', () => {
    expect(staticOrPage('/_astro/room.Bx12.js')).toBe('static');
    expect(staticOrPage('/favicon.svg')).toBe('static');
    expect(staticOrPage('/room/100003')).toBe('page');
    expect(staticOrPage('/home')).toBe('page');
  });
});
