/**
 * The pure parts of one WHEP session in the browser: what a refusal means, when a connection
 * that played is lost, and which resource to delete with which secret. Imported by the WebRTC engine only, so they
 * load with it.
 */

/**
 * The answer's header with the session's secret: its DELETE presents it as a bearer token (the
 * resource's address alone ends nothing).
 */
export const WHEP_SECRET_HEADER = 'whep-session-secret';

/** The DELETE that ends a session, with its secret; keepalive, so it leaves with the page. */
export function endRequest(secret: string): RequestInit {
  return { method: 'DELETE', headers: { authorization: `Bearer ${secret}` }, keepalive: true };
}

/** Why an answer other than 201 refused the session, for logs and the box's attribute. */
export function refusalReason(status: number): string {
  switch (status) {
    case 404:
      return 'not-webrtc';
    case 403:
      return 'refused';
    case 429:
      return 'rate-limited';
    case 503:
      return 'unavailable';
    default:
      return `http-${status}`;
  }
}

/**
 * Whether a peer connection state ends a session that played: failed, closed, or disconnected
 * (a viewer is better served by HLS at once than by waiting for ICE to recover).
 */
export function isLost(state: RTCPeerConnectionState | RTCIceConnectionState): boolean {
  return state === 'failed' || state === 'closed' || state === 'disconnected';
}

/**
 * The session resource to DELETE when the player lets go: the answer's Location resolved
 * against the endpoint, accepted only as a session of the same stream on the page's origin.
 */
export function sessionResource(
  location: string | null,
  endpoint: string,
  page: string,
): string | null {
  if (!location) return null;
  let url: URL;
  try {
    url = new URL(location, new URL(endpoint, page));
  } catch {
    return null;
  }
  const same = url.origin === new URL(page).origin;
  const session = new RegExp(`^${endpoint.replace(/\//g, '\\/')}\\/[0-9a-f-]{36}$`);
  return same && session.test(url.pathname) && !url.search ? url.pathname : null;
}
