/** Messaging suites' helpers: a session's headers and an inbox socket for a user. */
import { CLIENT_FRAME, SERVER_FRAME } from '../../src/lib/realtime/protocol/index.ts';
import { createSession, hashToken } from '../../src/server/sessions.ts';
import { signUserSig } from '../../src/server/auth/usersig.ts';
import type { Runtime } from '../../src/server/runtime.ts';
import { bearer } from './auth-helpers.ts';
import { connect, type TestClient } from './realtime-helpers.ts';

/** Headers of a fresh session of `userId` (English answers). */
export async function headersOf(rt: Runtime, userId: number): Promise<Record<string, string>> {
  const token = await createSession(rt.db, userId, `dev-${userId}`);
  return { ...bearer(token), 'device-info': `dev-${userId}`, lang: 'en' };
}

/** Opens `userId`'s inbox on a new socket; resolves after inboxRep. */
export async function openInbox(wsUrl: string, rt: Runtime, userId: number): Promise<TestClient> {
  const token = await createSession(rt.db, userId, `inbox-${userId}`);
  const id = String(userId);
  const client = await connect(wsUrl);
  client.send(CLIENT_FRAME.inbox, {
    id,
    sig: signUserSig(rt.env.secret, id, Date.now(), hashToken(token)),
  });
  await client.next(SERVER_FRAME.inboxRep);
  return client;
}
