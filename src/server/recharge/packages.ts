/** Recharge packages: the `recharge_packages` setting of app_config, or the built-in list. */
import type { RechargePackage } from '../../lib/wallet/recharge.ts';
import { GOLD_PER_YUAN } from '../../lib/wallet/recharge.ts';
import type { Db } from '../db/index.ts';
import { readSettings } from '../config/service.ts';

const pkg = (
  yuan: number,
  bonusGems: number,
  tag: RechargePackage['tag'] = '',
): RechargePackage => ({
  id: `p${yuan}`,
  price_fen: yuan * 100,
  gold: yuan * GOLD_PER_YUAN,
  bonus: bonusGems * 100,
  tag,
});

/** Packages used when app_config has no valid `recharge_packages` (also what the seed writes). */
export const DEFAULT_RECHARGE_PACKAGES: readonly RechargePackage[] = [
  pkg(6, 0),
  pkg(30, 0),
  pkg(98, 20),
  pkg(198, 60, 'popular'),
  pkg(518, 220),
  pkg(1098, 600, 'best'),
];

function isPackage(value: unknown): value is RechargePackage {
  const p = value as RechargePackage;
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.id === 'string' &&
    /^[\w-]{1,32}$/.test(p.id) &&
    Number.isSafeInteger(p.price_fen) &&
    p.price_fen > 0 &&
    Number.isSafeInteger(p.gold) &&
    p.gold > 0 &&
    Number.isSafeInteger(p.bonus) &&
    p.bonus >= 0
  );
}

/** The packages on sale: the valid entries of `recharge_packages`, else the defaults. */
export async function loadPackages(db: Db): Promise<RechargePackage[]> {
  const value = (await readSettings(db)).get('recharge_packages');
  const list = Array.isArray(value) ? value.filter(isPackage) : [];
  const packages = list.length > 0 ? list : DEFAULT_RECHARGE_PACKAGES;
  return packages.map((p) => ({
    ...p,
    tag: p.tag === 'popular' || p.tag === 'best' ? p.tag : '',
  }));
}
