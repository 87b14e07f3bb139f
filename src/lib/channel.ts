/** Registration channel attribution (reg-source): a fixed list of host codes, default OFFICIAL. */

/** Host name → channel code. Hosts not listed are OFFICIAL. */
export const CHANNEL_HOSTS: Record<string, string> = {
  'm.arena.live': 'H5',
  'promo.arena.live': 'PROMO',
  'partner.arena.live': 'PARTNER',
};

/** Channel code used when the host is not in the list. */
export const DEFAULT_CHANNEL = 'OFFICIAL';

/** The channel code for a host name. */
export function channelForHost(host: string): string {
  return CHANNEL_HOSTS[host.toLowerCase().replace(/:\d+$/, '')] ?? DEFAULT_CHANNEL;
}
