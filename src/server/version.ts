/**
 * The product version and environment (spec §1: "Product version {ip}, environment prod"), shown
 * in the footer and by /healthz. The version is package.json's; the environment is "prod" under
 * NODE_ENV=production and the NODE_ENV value otherwise (development, test).
 */
import pkg from '../../package.json' with { type: 'json' };

/** package.json's version. */
export const PRODUCT_VERSION: string = pkg.version;

/** The environment's short name. */
export function environmentName(nodeEnv: string): string {
  return nodeEnv === 'production' ? 'prod' : nodeEnv;
}
