/**
 * Checks the Markdown files under src/content the way an editor's mistake would show: read from
 * disk (astro:content cannot load in vitest) with a small front-matter reader for the flat YAML
 * the entries use.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_IDS,
  CONTENT_COLLECTIONS,
  HELP_CATEGORIES,
  NEWS_SPORTS,
} from '../../lib/content/kinds.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CONTENT = path.join(ROOT, 'src/content');
const LOCALES = ['en-US', 'zh-CN'] as const;

type Value = string | number | boolean | string[];

interface Entry {
  collection: string;
  locale: string;
  id: string;
  file: string;
  data: Record<string, Value>;
  body: string;
}

/** Reads one YAML scalar or flow list of quoted strings, as the entries write them. */
function scalar(raw: string): Value {
  const text = raw.trim();
  if (text.startsWith('[')) {
    return [...text.matchAll(/'((?:[^']|'')*)'|"((?:[^"\\]|\\.)*)"/g)].map(
      (m) => m[1]?.replace(/''/g, "'") ?? m[2] ?? '',
    );
  }
  if (text.startsWith("'")) return text.slice(1, -1).replace(/''/g, "'");
  if (text.startsWith('"')) return text.slice(1, -1).replace(/\\"/g, '"');
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^-?\d+$/.test(text)) return Number(text);
  return text;
}

/** Splits a file into its front matter (flat `key: value` lines) and Markdown body. */
function parse(source: string): { data: Record<string, Value>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source);
  if (!match) throw new Error('no front matter');
  const data: Record<string, Value> = {};
  for (const line of match[1]!.split('\n')) {
    const cut = line.indexOf(':');
    if (cut > 0) data[line.slice(0, cut).trim()] = scalar(line.slice(cut + 1));
  }
  return { data, body: match[2]! };
}

function load(): Entry[] {
  const entries: Entry[] = [];
  for (const collection of CONTENT_COLLECTIONS) {
    for (const locale of LOCALES) {
      const dir = path.join(CONTENT, collection, locale);
      if (!existsSync(dir)) continue;
      for (const name of readdirSync(dir).filter((f) => f.endsWith('.md'))) {
        const file = path.join(dir, name);
        const { data, body } = parse(readFileSync(file, 'utf8'));
        entries.push({ collection, locale, id: name.slice(0, -3), file, data, body });
      }
    }
  }
  return entries;
}

const ENTRIES = load();
const of = (collection: string, locale?: string) =>
  ENTRIES.filter((e) => e.collection === collection && (!locale || e.locale === locale));

/** Front-matter fields every entry of a collection must have, and how to check each. */
const REQUIRED: Record<(typeof CONTENT_COLLECTIONS)[number], Record<string, string>> = {
  news: {
    title: 'text',
    date: 'date',
    cover: 'cover',
    summary: 'text',
    tags: 'list',
    sport: 'sport',
  },
  notices: { title: 'text', date: 'date' },
  help: { title: 'text', category: 'category', order: 'number' },
  agreements: { title: 'text', updated: 'date' },
  about: { title: 'text' },
  activities: { title: 'text', cover: 'cover', start: 'date', end: 'date', summary: 'text' },
  urgent: { title: 'text', date: 'date' },
  certificates: {
    title: 'text',
    summary: 'text',
    holder: 'text',
    number: 'text',
    address: 'text',
    scope: 'text',
    issuer: 'text',
    issued: 'date',
    image: 'cover',
  },
};

function problem(kind: string, value: Value | undefined): string | undefined {
  switch (kind) {
    case 'text':
      return typeof value === 'string' && value.length > 0 ? undefined : 'empty text';
    case 'date':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? undefined : 'bad date';
    case 'number':
      return typeof value === 'number' ? undefined : 'not a number';
    case 'list':
      return Array.isArray(value) && value.every((t) => t.length > 0) ? undefined : 'not a list';
    case 'sport':
      return NEWS_SPORTS.includes(value as never) ? undefined : `unknown sport ${String(value)}`;
    case 'category':
      return HELP_CATEGORIES.includes(value as never) ? undefined : 'unknown category';
    case 'cover':
      return typeof value === 'string' && existsSync(path.join(ROOT, 'public', value))
        ? undefined
        : `missing cover ${String(value)}`;
    default:
      return `unknown kind ${kind}`;
  }
}

describe('content files', () => {
  it('has en-US entries in every collection', () => {
    for (const collection of CONTENT_COLLECTIONS) {
      expect(of(collection, 'en-US').length, collection).toBeGreaterThan(0);
    }
  });

  it('has at least 8 news articles, each with a cover on disk', () => {
    const news = of('news', 'en-US');
    expect(news.length).toBeGreaterThanOrEqual(8);
    for (const entry of news) {
      expect(problem('cover', entry.data.cover), entry.file).toBeUndefined();
    }
  });

  it('gives every zh-CN file an en-US twin', () => {
    for (const entry of ENTRIES.filter((e) => e.locale === 'zh-CN')) {
      const twin = path.join(CONTENT, entry.collection, 'en-US', `${entry.id}.md`);
      expect(existsSync(twin), entry.file).toBe(true);
    }
  });

  it('keeps ids unique and URL-safe within each collection and locale', () => {
    for (const collection of CONTENT_COLLECTIONS) {
      for (const locale of LOCALES) {
        const ids = of(collection, locale).map((e) => e.id);
        expect(new Set(ids).size, `${collection}/${locale}`).toBe(ids.length);
        for (const id of ids) expect(id).toMatch(/^[a-z0-9-]+$/);
      }
    }
  });

  it('fills every required field with a valid value and has a body', () => {
    const problems: string[] = [];
    for (const entry of ENTRIES) {
      const fields = REQUIRED[entry.collection as keyof typeof REQUIRED];
      for (const [field, kind] of Object.entries(fields)) {
        const issue = problem(kind, entry.data[field]);
        if (issue) problems.push(`${entry.file}: ${field}: ${issue}`);
      }
      if (entry.body.trim().length === 0) problems.push(`${entry.file}: empty body`);
    }
    expect(problems).toEqual([]);
  });

  it('runs every activity forwards in time', () => {
    for (const entry of of('activities')) {
      expect(Date.parse(String(entry.data.end)), entry.file).toBeGreaterThan(
        Date.parse(String(entry.data.start)),
      );
    }
  });

  it('has the fixed ids the routes use', () => {
    const ids = (collection: string) => of(collection, 'en-US').map((e) => e.id);
    expect(ids('agreements').sort()).toEqual(['1', '2', '3', '4']);
    expect(ids('about').sort()).toEqual(['1', '2', '3', '4']);
    expect(ids('urgent')).toEqual(['1']);
    expect(ids('certificates').sort()).toEqual([...CERTIFICATE_IDS]);
  });
});
