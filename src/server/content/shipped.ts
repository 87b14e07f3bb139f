/**
 * The Markdown files shipped under src/content, as the newsroom lists them: read from disk once
 * (they change only with a new release), front matter parsed as YAML.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { CONTENT_LOCALES, type EditableCollection } from '../../lib/validation/newsroom.ts';

/** A shipped entry in one language. */
export interface ShippedEntry {
  collection: EditableCollection;
  slug: string;
  locale: (typeof CONTENT_LOCALES)[number];
  title: string;
  body: string;
  /** Front matter but the title; dates as ISO strings. */
  fields: Record<string, unknown>;
}

const CONTENT_DIR = fileURLToPath(new URL('../../content', import.meta.url));
const cache = new Map<string, ShippedEntry[]>();

function toField(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

function read(collection: EditableCollection): ShippedEntry[] {
  const entries: ShippedEntry[] = [];
  for (const locale of CONTENT_LOCALES) {
    const dir = path.join(CONTENT_DIR, collection, locale);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).filter((f) => f.endsWith('.md'))) {
      const source = readFileSync(path.join(dir, name), 'utf8');
      const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
      if (!match) continue;
      const data = (parse(match[1]!) ?? {}) as Record<string, unknown>;
      const fields: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(data)) {
        if (key !== 'title') fields[key] = toField(value);
      }
      entries.push({
        collection,
        slug: name.replace(/\.md$/, ''),
        locale,
        title: typeof data.title === 'string' ? data.title : '',
        body: match[2]!.replace(/^\n+/, ''),
        fields,
      });
    }
  }
  return entries;
}

/** The shipped entries of a collection, both languages. */
export function shippedEntries(collection: EditableCollection): ShippedEntry[] {
  let entries = cache.get(collection);
  if (!entries) {
    entries = read(collection);
    cache.set(collection, entries);
  }
  return entries;
}

/** One shipped entry, undefined when no file has the key. */
export function shippedEntry(
  collection: EditableCollection,
  slug: string,
  locale: string,
): ShippedEntry | undefined {
  return shippedEntries(collection).find((e) => e.slug === slug && e.locale === locale);
}
