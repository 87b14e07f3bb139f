/** Hono environment of the API: what middleware puts on the context for handlers. */
import type { TFunction } from 'i18next';
import type { Locale } from '../../lib/i18n/index.ts';
import type { SessionUser } from '../sessions.ts';
import type { Runtime } from '../runtime.ts';

/** Context variables set by the API middleware. */
export interface ApiVariables {
  /** Services and configuration of this process. */
  rt: Runtime;
  /** Language of messages, from the `lang` header. */
  locale: Locale;
  /** Translator for `locale`. */
  t: TFunction;
  /** The caller when a valid bearer token was sent. */
  user: SessionUser | null;
  /** The device-info header (fingerprint), trimmed to 128 characters. */
  deviceInfo: string;
  /** Client IP address as seen by this process. */
  ip: string;
}

/** Hono generic for API apps and handlers. */
export interface ApiEnv {
  Variables: ApiVariables;
}
