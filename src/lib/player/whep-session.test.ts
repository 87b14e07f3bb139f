import { describe, expect, it } from 'vitest';
import { endRequest, isLost, refusalReason, sessionResource } from './whep-session.ts';

describe('a WHEP session', () => {
  it('names every refusal', () => {
    expect(refusalReason(404)).toBe('not-webrtc');
    expect(refusalReason(403)).toBe('refused');
    expect(refusalReason(429)).toBe('rate-limited');
    expect(refusalReason(503)).toBe('unavailable');
    expect(refusalReason(500)).toBe('http-500');
    expect(refusalReason(200)).toBe('http-200');
  });

  it('counts a failed, closed or disconnected connection as lost', () => {
    for (const state of ['failed', 'closed', 'disconnected'] as const) {
      expect(isLost(state)).toBe(true);
    }
    for (const state of ['new', 'checking', 'connecting', 'connected', 'completed'] as const) {
      expect(isLost(state)).toBe(false);
    }
  });
});

describe('the session resource', () => {
  const PAGE = 'https://live.example/liveMatchesTwo/100012';
  const ID = '6f1c2a4e-93b1-4d7e-8f0a-2b3c4d5e6f70';

  it("is the answer's Location on the page's origin", () => {
    expect(sessionResource(`/whep/100012/${ID}`, '/whep/100012', PAGE)).toBe(`/whep/100012/${ID}`);
    expect(sessionResource(`https://live.example/whep/100012/${ID}`, '/whep/100012', PAGE)).toBe(
      `/whep/100012/${ID}`,
    );
  });

  it('is refused when it points anywhere else', () => {
    expect(sessionResource(null, '/whep/100012', PAGE)).toBeNull();
    expect(sessionResource('', '/whep/100012', PAGE)).toBeNull();
    expect(sessionResource(`https://evil.example/whep/100012/${ID}`, '/whep/100012', PAGE)).toBe(
      null,
    );
    expect(sessionResource(`/whep/100013/${ID}`, '/whep/100012', PAGE)).toBeNull();
    expect(sessionResource(`/whep/100012/${ID}?x=1`, '/whep/100012', PAGE)).toBeNull();
    expect(sessionResource('/api/user/logout', '/whep/100012', PAGE)).toBeNull();
    expect(sessionResource('http://[bad', '/whep/100012', PAGE)).toBeNull();
  });
});

describe('ending a session', () => {
  it('presents the secret the answer gave, and goes out as the page leaves', () => {
    expect(endRequest('c2VjcmV0')).toEqual({
      method: 'DELETE',
      headers: { authorization: 'Bearer c2VjcmV0' },
      keepalive: true,
    });
  });
});
