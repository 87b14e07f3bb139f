/** Data every server-rendered page needs for its shell: config switches, banners, QR code. */
import QRCode from 'qrcode';
import type { CommonConfig } from '../../lib/common-config.ts';
import { adHref } from '../../lib/routes.ts';
import { listBanners, type AdBanner } from '../ads/service.ts';
import { pickCommonConfig, readSettings } from '../config/service.ts';
import { getRuntime } from '../runtime.ts';

/** What the layout renders the header, side menu and banner from. */
export interface ShellData {
  config: CommonConfig;
  /** First banner of the page's ad category with a followable link, if any. */
  banner: (AdBanner & { href: string }) | undefined;
  /** SVG of the QR code of the mobile download address. */
  downloadQr: string;
  /** The address the QR code encodes. */
  downloadUrl: string;
  /** True for the search-engine build (chat tab follows private_message_toggle only). */
  searchEngineBuild: boolean;
}

const qrCache = new Map<string, string>();

async function qrSvg(text: string): Promise<string> {
  let svg = qrCache.get(text);
  if (!svg) {
    svg = await QRCode.toString(text, {
      type: 'svg',
      margin: 1,
      errorCorrectionLevel: 'M',
      color: { dark: '#0b0e14', light: '#ffffff' },
    });
    if (qrCache.size > 20) qrCache.clear();
    qrCache.set(text, svg);
  }
  return svg;
}

/**
 * Loads the shell data; `home` picks the home banner category (6) instead of 11, and
 * `withBanner` false (staff screens) loads none.
 */
export async function loadShell(
  home: boolean,
  origin: string,
  withBanner = true,
): Promise<ShellData> {
  const { db, env } = getRuntime();
  const [settings, banners] = await Promise.all([
    readSettings(db),
    withBanner ? listBanners(db, 1, home ? 6 : 11) : [],
  ]);
  const config = pickCommonConfig(settings, env.im);
  const downloadUrl = config.h5_domain || `${origin}/download`;
  const first = banners[0];
  const href = first ? adHref(first.jump_type, first.jump_url) : null;
  return {
    config,
    banner: first && href ? { ...first, href } : undefined,
    downloadQr: await qrSvg(downloadUrl),
    downloadUrl,
    searchEngineBuild: env.searchEngineBuild,
  };
}
