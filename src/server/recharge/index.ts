/** The payment provider of a runtime (one per process and SECRET). */
import type { Runtime } from '../runtime.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox.ts';

const providers = new WeakMap<Runtime, PaymentProvider & { key: Buffer }>();

/** The configured provider, or undefined when recharge is closed (PAYMENT_PROVIDER=none). */
export function paymentProvider(rt: Runtime): (PaymentProvider & { key: Buffer }) | undefined {
  if (rt.env.paymentProvider === 'none') return undefined;
  let provider = providers.get(rt);
  if (!provider) {
    provider = createSandboxProvider(rt.env.secret);
    providers.set(rt, provider);
  }
  return provider;
}
