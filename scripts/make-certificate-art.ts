/**
 * Draws the licence pictures of /certificate1 and /certificate2 into public/content/certificates/
 * as SVG: a paper document with a guilloche frame, the printed fields, a QR code of the page and a
 * "specimen" seal and watermark. The fields come from the Chinese Markdown entries (the printed
 * original is Chinese; the English page translates it in HTML), the subtitle from the English one.
 * Run: `node scripts/make-certificate-art.ts` after editing src/content/certificates/.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import QRCode from 'qrcode';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const OUT = path.join(ROOT, 'public/content/certificates');
const W = 1200;
const H = 850;
const SERIF = "'Noto Serif CJK SC','Songti SC','SimSun','Noto Sans CJK SC','Times New Roman',serif";
const SEAL_RED = '#c8322b';

/** How one licence is printed. */
interface Sheet {
  /** Entry id: src/content/certificates/<locale>/<id>.md and certificates/<id>.svg. */
  id: string;
  /** Ink of the frame, rosettes and title. */
  ink: string;
  /** Label printed before the number. */
  numberLabel: string;
  /** Label printed before the scope. */
  scopeLabel: string;
  /** Page the QR code points to. */
  page: string;
}

const SHEETS: readonly Sheet[] = [
  {
    id: '1',
    ink: '#9a3b25',
    numberLabel: '统一社会信用代码',
    scopeLabel: '经营范围',
    page: '/certificate1',
  },
  {
    id: '2',
    ink: '#1f4f8a',
    numberLabel: '许可证编号',
    scopeLabel: '业务范围',
    page: '/certificate2',
  },
];

/** Rounds coordinates so the files stay small and stable. */
const n = (value: number): string => String(Math.round(value));

/** Escapes text for SVG markup. */
const esc = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Reads the flat `key: value` front matter of a Markdown entry. */
function frontMatter(locale: string, id: string): Record<string, string> {
  const source = readFileSync(
    path.join(ROOT, 'src/content/certificates', locale, `${id}.md`),
    'utf8',
  );
  const head = /^---\n([\s\S]*?)\n---/.exec(source)?.[1] ?? '';
  const data: Record<string, string> = {};
  for (const line of head.split('\n')) {
    const cut = line.indexOf(':');
    if (cut < 1) continue;
    const raw = line.slice(cut + 1).trim();
    data[line.slice(0, cut).trim()] = raw.startsWith("'")
      ? raw.slice(1, -1).replace(/''/g, "'")
      : raw;
  }
  return data;
}

/** A date YYYY-MM-DD as printed on Chinese documents: 2019年06月18日. */
function chineseDate(day: string): string {
  const [y, m, d] = day.split('-');
  return `${y}年${m}月${d}日`;
}

/** Splits text into lines of at most `width` columns (CJK characters count 2, others 1). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const ch of text) {
    const cost = /[\u2e80-\uffff]/.test(ch) ? 2 : 1;
    if (used + cost > width) {
      lines.push(line);
      line = '';
      used = 0;
    }
    line += ch;
    used += cost;
  }
  if (line) lines.push(line);
  return lines;
}

/** A hypotrochoid rosette centred on (cx, cy): the spirograph curve of guilloche printing. */
function rosette(cx: number, cy: number, size: number, loops: number, depth: number): string {
  const big = size;
  const small = size / loops;
  const arm = small * depth;
  const points: string[] = [];
  for (let i = 0; i <= 480; i += 1) {
    const t = (i / 480) * Math.PI * 2;
    const x = (big - small) * Math.cos(t) + arm * Math.cos(((big - small) / small) * t);
    const y = (big - small) * Math.sin(t) - arm * Math.sin(((big - small) / small) * t);
    points.push(`${n(cx + x * 0.62)},${n(cy + y * 0.62)}`);
  }
  return `M${points.join('L')}Z`;
}

/** Interlaced sine waves along a straight band from (x1, y1) to (x2, y2). */
function rope(x1: number, y1: number, x2: number, y2: number, amplitude: number): string {
  const length = Math.hypot(x2 - x1, y2 - y1);
  const ux = (x2 - x1) / length;
  const uy = (y2 - y1) / length;
  const paths: string[] = [];
  for (let strand = 0; strand < 4; strand += 1) {
    const phase = (strand * Math.PI) / 4;
    const points: string[] = [];
    for (let s = 0; s <= length; s += 6) {
      const offset = amplitude * Math.sin(s / 9 + phase);
      points.push(`${n(x1 + ux * s - uy * offset)},${n(y1 + uy * s + ux * offset)}`);
    }
    paths.push(`M${points.join('L')}`);
  }
  return paths.join('');
}

/** The frame: two rules, the rope band between them and a rosette in each corner. */
function frame(ink: string): string {
  const a = 34;
  const b = 58;
  const mid = (a + b) / 2;
  const band = [
    rope(mid, mid, W - mid, mid, 7),
    rope(W - mid, mid, W - mid, H - mid, 7),
    rope(W - mid, H - mid, mid, H - mid, 7),
    rope(mid, H - mid, mid, mid, 7),
  ].join('');
  const corners = [
    [mid, mid],
    [W - mid, mid],
    [W - mid, H - mid],
    [mid, H - mid],
  ]
    .map(
      ([x, y]) =>
        `<circle cx="${x}" cy="${y}" r="22" fill="#f8f3e7"/>` +
        `<path d="${rosette(x!, y!, 32, 7, 0.8)}" fill="none" stroke="${ink}" stroke-width="0.9"/>`,
    )
    .join('');
  return [
    `<rect x="22" y="22" width="${W - 44}" height="${H - 44}" fill="none" stroke="${ink}" stroke-width="3"/>`,
    `<rect x="${a}" y="${a}" width="${W - 2 * a}" height="${H - 2 * a}" fill="none" stroke="${ink}" stroke-width="1"/>`,
    `<rect x="${b}" y="${b}" width="${W - 2 * b}" height="${H - 2 * b}" fill="none" stroke="${ink}" stroke-width="1"/>`,
    `<path d="${band}" fill="none" stroke="${ink}" stroke-width="0.8" opacity="0.75"/>`,
    corners,
  ].join('');
}

/** Faint waves over the whole sheet, the background of security paper. */
function security(ink: string): string {
  const lines: string[] = [];
  for (let row = 0; row < 34; row += 1) {
    const base = 80 + row * 21;
    const points: string[] = [];
    for (let x = 70; x <= W - 70; x += 15) {
      points.push(`${n(x)},${n(base + 6 * Math.sin(x / 38 + row * 0.7))}`);
    }
    lines.push(`M${points.join('L')}`);
  }
  return `<path d="${lines.join('')}" fill="none" stroke="${ink}" stroke-width="0.5" opacity="0.12"/>`;
}

/** The round "specimen" seal: text over the top of the rim, a star, SPECIMEN below it. */
function seal(cx: number, cy: number): string {
  const r = 78;
  const rim = r - 22;
  const at = (deg: number) => {
    const a = (deg * Math.PI) / 180;
    return `${n(cx + rim * Math.cos(a))},${n(cy + rim * Math.sin(a))}`;
  };
  const star: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const radius = i % 2 === 0 ? 22 : 9;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    star.push(`${n(cx + radius * Math.cos(angle))},${n(cy + radius * Math.sin(angle))}`);
  }
  return [
    `<g opacity="0.78" fill="${SEAL_RED}" stroke="${SEAL_RED}">`,
    `<path id="rim" d="M${at(150)} A${rim},${rim} 0 1 1 ${at(30)}" fill="none" stroke="none"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke-width="5"/>`,
    `<polygon points="${star.join(' ')}" stroke="none"/>`,
    `<text font-size="18" font-weight="700" stroke="none" letter-spacing="2">`,
    `<textPath href="#rim" startOffset="50%" text-anchor="middle">竞技直播样本专用章</textPath></text>`,
    `<text x="${cx}" y="${cy + 46}" font-size="13" font-weight="700" text-anchor="middle" stroke="none" letter-spacing="2">SPECIMEN</text>`,
    '</g>',
  ].join('');
}

/** "样本 SPECIMEN" repeated diagonally across the sheet. */
function watermark(): string {
  const marks: string[] = [];
  for (let row = 0; row < 4; row += 1) {
    for (let col = 0; col < 3; col += 1) {
      const x = 230 + col * 380 + (row % 2) * 120;
      const y = 190 + row * 190;
      marks.push(`<text x="${x}" y="${y}" transform="rotate(-22 ${x} ${y})">样本 SPECIMEN</text>`);
    }
  }
  return `<g font-family="${SERIF}" font-size="46" font-weight="700" fill="#6b5a3a" opacity="0.06" text-anchor="middle">${marks.join('')}</g>`;
}

/** A QR code of `url` placed at (x, y), `size` wide. */
async function qr(url: string, x: number, y: number, size: number, ink: string): Promise<string> {
  const svg = await QRCode.toString(url, {
    type: 'svg',
    margin: 0,
    errorCorrectionLevel: 'M',
    color: { dark: ink, light: '#0000' },
  });
  return svg
    .replace(/<\?xml[^>]*>/, '')
    .replace('<svg ', `<svg x="${x}" y="${y}" width="${size}" height="${size}" `)
    .trim();
}

/** One labelled field: the label in a fixed column, the value wrapped beside it. */
function field(label: string, value: string, y: number): { svg: string; bottom: number } {
  const lines = wrap(value, 60);
  const text = lines
    .map((line, i) => `<tspan x="330" y="${y + i * 34}">${esc(line)}</tspan>`)
    .join('');
  return {
    svg:
      `<text x="150" y="${y}" font-size="22" fill="#5b4a36" letter-spacing="2">${esc(label)}</text>` +
      `<text font-size="22" fill="#221a12">${text}</text>`,
    bottom: y + lines.length * 34 + 18,
  };
}

async function sheet(spec: Sheet): Promise<string> {
  const zh = frontMatter('zh-CN', spec.id);
  const en = frontMatter('en-US', spec.id);
  const term = zh.expires ? `${chineseDate(zh.issued ?? '')}至${chineseDate(zh.expires)}` : '长期';
  const fields: string[] = [];
  let y = 420;
  for (const [label, value] of [
    ['名　　称', zh.holder ?? ''],
    ['住　　所', zh.address ?? ''],
    [spec.scopeLabel, zh.scope ?? ''],
    ['有 效 期', term],
  ] as const) {
    const placed = field(label, value, y);
    fields.push(placed.svg);
    y = placed.bottom;
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="${SERIF}">`,
    '<defs><radialGradient id="paper" cx="50%" cy="40%" r="75%">',
    '<stop offset="0" stop-color="#fbf7ee"/><stop offset="1" stop-color="#efe6d2"/>',
    '</radialGradient></defs>',
    `<rect width="${W}" height="${H}" fill="url(#paper)"/>`,
    security(spec.ink),
    frame(spec.ink),
    `<path d="${rosette(W / 2, 132, 86, 11, 0.9)}" fill="none" stroke="${spec.ink}" stroke-width="1"/>`,
    `<path d="${rosette(W / 2, 132, 50, 8, 0.7)}" fill="none" stroke="${spec.ink}" stroke-width="0.8"/>`,
    `<text x="${W / 2}" y="268" font-size="64" font-weight="700" fill="${spec.ink}" text-anchor="middle" letter-spacing="22">${esc(zh.title ?? '')}</text>`,
    `<text x="${W / 2}" y="308" font-size="19" fill="${spec.ink}" text-anchor="middle" letter-spacing="6">${esc((en.title ?? '').toUpperCase())}</text>`,
    `<text x="${W / 2}" y="362" font-size="21" fill="#3a2d20" text-anchor="middle">${esc(spec.numberLabel)}　${esc(zh.number ?? '')}</text>`,
    `<line x1="150" y1="386" x2="${W - 150}" y2="386" stroke="${spec.ink}" stroke-width="0.8" opacity="0.5"/>`,
    fields.join(''),
    await qr(`https://arenalive.example${spec.page}`, 150, 650, 112, '#2a2118'),
    `<text x="150" y="786" font-size="14" fill="#5b4a36">扫码查看公示信息</text>`,
    `<text x="${W - 150}" y="704" font-size="22" fill="#221a12" text-anchor="end">发证机关：${esc(zh.issuer ?? '')}</text>`,
    `<text x="${W - 150}" y="744" font-size="22" fill="#221a12" text-anchor="end">${chineseDate(zh.issued ?? '')}</text>`,
    seal(W - 215, 690),
    watermark(),
    '</svg>',
  ].join('');
}

mkdirSync(OUT, { recursive: true });
for (const spec of SHEETS) {
  const svg = await sheet(spec);
  writeFileSync(path.join(OUT, `${spec.id}.svg`), `${svg}\n`);
  process.stdout.write(`certificates/${spec.id}.svg (${Math.round(svg.length / 1024)} KB)\n`);
}
