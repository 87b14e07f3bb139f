/**
 * The storage drivers, one suite for both: what the code above them relies on (write, read,
 * stream, replace, remove, refuse bad keys) and what each promises about who can read what.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStore } from '../../src/server/storage/local.ts';
import { s3Store } from '../../src/server/storage/s3.ts';
import { readStorageSettings, type S3Settings } from '../../src/server/storage/settings.ts';
import { readUnder, removeAll, type ObjectStore } from '../../src/server/storage/store.ts';
import { startObjectStore } from '../../scripts/object-store.ts';
import { S3_SERVER_AVAILABLE, storageEnv } from './storage-helpers.ts';

interface Opened {
  store: ObjectStore;
  close: () => Promise<void>;
  /** The local driver's folder. */
  root?: string;
  /** The S3 driver's settings, for a second client with other keys. */
  s3?: S3Settings;
}

interface Driver {
  name: string;
  open: () => Promise<Opened>;
}

const drivers: Driver[] = [
  {
    name: 'local disk',
    open: () => {
      const root = mkdtempSync(path.join(tmpdir(), 'arena-store-'));
      return Promise.resolve({
        store: localStore(root),
        root,
        close: () => Promise.resolve(rmSync(root, { recursive: true, force: true })),
      });
    },
  },
  {
    // Ceph's RADOS Gateway: a real S3 implementation that checks signatures, ACLs and policies.
    name: 'S3 (Ceph RADOS Gateway)',
    open: async () => {
      const server = await startObjectStore();
      const s3 = readStorageSettings(storageEnv(server)) as S3Settings;
      return { store: s3Store(s3), close: server.stop, s3 };
    },
  },
];

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array | null) => (data ? new TextDecoder().decode(data) : null);
const webp = { contentType: 'image/webp', visibility: 'public' } as const;

describe.each(drivers.filter((d) => S3_SERVER_AVAILABLE || !d.name.startsWith('S3')))(
  'the $name store',
  (driver) => {
    let store: ObjectStore;
    let close: () => Promise<void>;
    let root: string | undefined;
    let s3: S3Settings | undefined;
    const scratch = mkdtempSync(path.join(tmpdir(), 'arena-store-files-'));
    beforeAll(async () => {
      ({ store, close, root, s3 } = await driver.open());
    });
    afterAll(async () => {
      await close();
      rmSync(scratch, { recursive: true, force: true });
    });

    it('reads back what it wrote, with its size and type, whole and streamed', async () => {
      await store.put('uploads/2026/11/a.webp', bytes('first picture'), webp);
      expect(text(await store.read('uploads/2026/11/a.webp'))).toBe('first picture');
      expect(await store.head('uploads/2026/11/a.webp')).toEqual({
        size: 13,
        contentType: 'image/webp',
      });
      const opened = await store.open('uploads/2026/11/a.webp');
      const chunks: Buffer[] = [];
      for await (const chunk of opened!.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('first picture');
      expect(opened!.info.size).toBe(13);
    });

    it('replaces an object written again and removes it for good', async () => {
      await store.put('uploads/2026/11/b.webp', bytes('old'), webp);
      await store.put('uploads/2026/11/b.webp', bytes('newer'), webp);
      expect(text(await store.read('uploads/2026/11/b.webp'))).toBe('newer');
      await store.remove('uploads/2026/11/b.webp');
      expect(await store.read('uploads/2026/11/b.webp')).toBeNull();
      expect(await store.head('uploads/2026/11/b.webp')).toBeNull();
      expect(await store.open('uploads/2026/11/b.webp')).toBeNull();
      // Removing what is not there is not an error.
      await store.remove('uploads/2026/11/b.webp');
    });

    it('reads an object only while it stays under a limit', async () => {
      await store.put('uploads/2026/11/c.webp', new Uint8Array(5000), webp);
      expect((await readUnder(store, 'uploads/2026/11/c.webp', 5001)) as Uint8Array).toHaveLength(
        5000,
      );
      expect(await readUnder(store, 'uploads/2026/11/c.webp', 5000)).toBe('too big');
      expect(await readUnder(store, 'uploads/2026/11/none.webp', 5000)).toBeNull();
      await store.remove('uploads/2026/11/c.webp');
    });

    it('answers null for an object never written', async () => {
      expect(await store.read('uploads/2026/11/none.webp')).toBeNull();
      expect(await store.head('uploads/2026/11/none.webp')).toBeNull();
    });

    it('streams a file of several megabytes in, byte for byte', async () => {
      const file = path.join(scratch, 'segment.m4s');
      const content = Buffer.alloc(3 * 1024 * 1024 + 7, 0);
      for (let i = 0; i < content.length; i += 4096) content[i] = i % 251;
      writeFileSync(file, content);
      await store.putFile('replays/r1/seg-00.m4s', file, {
        contentType: 'video/iso.segment',
        visibility: 'public',
      });
      const back = await store.read('replays/r1/seg-00.m4s');
      expect(back?.byteLength).toBe(content.length);
      expect(Buffer.from(back!).equals(content)).toBe(true);
    });

    it('lists a folder whole, past one page of the service, and removes it in one call', async () => {
      const m3u8 = { contentType: 'application/vnd.apple.mpegurl', visibility: 'private' } as const;
      // More keys than one S3 listing page holds (1,000), nested one level, beside a neighbour.
      const names = Array.from({ length: 1_003 }, (_, i) => `seg-${String(i).padStart(5, '0')}.ts`);
      for (let i = 0; i < names.length; i += 50) {
        await Promise.all(
          names.slice(i, i + 50).map((n) => store.put(`replays/7-1790000000/${n}`, bytes(n), m3u8)),
        );
      }
      await store.put('replays/7-1790000000/parts/index.m3u8', bytes('#EXTM3U'), m3u8);
      await store.put('replays/7-1790000001/index.m3u8', bytes('#EXTM3U'), m3u8);
      const listed = await store.list('replays/7-1790000000/');
      expect(listed).toHaveLength(1_004);
      expect(listed).toContain('replays/7-1790000000/seg-01002.ts');
      expect(listed).toContain('replays/7-1790000000/parts/index.m3u8');
      expect(listed.every((k) => k.startsWith('replays/7-1790000000/'))).toBe(true);
      expect(await store.list('replays/7-17/')).toEqual([]);
      await expect(store.list('replays/../')).rejects.toThrow(/Bad object key/);
      await removeAll(store, 'replays/7-1790000000/');
      expect(await store.list('replays/7-1790000000/')).toEqual([]);
      expect(await store.list('replays/')).toContain('replays/7-1790000001/index.m3u8');
      expect(
        (await store.list('replays/')).some((k) => k.startsWith('replays/7-1790000000/')),
      ).toBe(false);
    }, 120_000);

    it('moves a file in when asked, and leaves it otherwise', async () => {
      const kept = path.join(scratch, 'kept.jpg');
      const moved = path.join(scratch, 'moved.jpg');
      writeFileSync(kept, 'kept');
      writeFileSync(moved, 'moved');
      const jpeg = { contentType: 'image/jpeg', visibility: 'private' } as const;
      await store.putFile('clips/1.jpg', kept, jpeg);
      await store.putFile('clips/2.jpg', moved, { ...jpeg, move: true });
      expect(text(await store.read('clips/1.jpg'))).toBe('kept');
      expect(text(await store.read('clips/2.jpg'))).toBe('moved');
      expect(existsSync(kept)).toBe(true);
      expect(existsSync(moved)).toBe(false);
    });

    it('streams a byte range of an object with the whole size beside it', async () => {
      await store.put('clips/9.mp4', bytes('0123456789'), {
        contentType: 'video/mp4',
        visibility: 'private',
      });
      const opened = await store.open('clips/9.mp4', { start: 2, end: 5 });
      const chunks: Buffer[] = [];
      for await (const chunk of opened!.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('2345');
      expect(opened!.info).toEqual({ size: 10, contentType: 'video/mp4' });
    });

    it('refuses keys that could leave its folder or bucket, and writes nothing', async () => {
      for (const key of [
        '',
        '../secret',
        'uploads/../../secret',
        '/etc/passwd',
        'uploads//a.webp',
        'uploads/a b.webp',
        'uploads/a\u0000.webp',
        'uploads/\u202ecod.webp',
        `uploads/${'a'.repeat(600)}`,
      ]) {
        await expect(store.put(key, bytes('x'), webp), key).rejects.toThrow(/Bad object key/);
      }
      if (root) {
        // Nothing was written anywhere but the objects of the other tests.
        expect((await readdir(root)).sort()).toEqual(['clips', 'replays', 'uploads']);
        expect(await readdir(path.dirname(root))).not.toContain('secret');
      }
    });

    it('tells where a public object is read and signs private ones only where it can', async () => {
      await store.put('private/2026/11/id.webp', bytes('id photo'), {
        contentType: 'image/webp',
        visibility: 'private',
      });
      if (store.driver === 'local') {
        // The site serves both itself.
        expect(store.publicUrl('uploads/2026/11/a.webp')).toBeNull();
        expect(await store.signedUrl('private/2026/11/id.webp', 60)).toBeNull();
        return;
      }
      // Anyone reads a public object at its address; nobody reads a private one without keys.
      const open = await fetch(store.publicUrl('uploads/2026/11/a.webp')!);
      expect(open.status).toBe(200);
      expect(await open.text()).toBe('first picture');
      const closed = await fetch(store.publicUrl('private/2026/11/id.webp')!);
      expect(closed.status).toBe(403);
      // A signed address reads its one object, and no other.
      const signed = (await store.signedUrl('private/2026/11/id.webp', 60))!;
      const read = await fetch(signed);
      expect(read.status).toBe(200);
      expect(await read.text()).toBe('id photo');
      const other = await fetch(
        signed.replace('private/2026/11/id.webp', 'uploads/2026/11/a.webp'),
      );
      expect(other.status).toBe(403);
    });

    it('is refused with a wrong secret, and its error never quotes a key', async () => {
      if (!s3) return;
      const forged = s3Store({ ...s3, secretAccessKey: 'not-the-secret-0123456789' });
      const error = await forged.put('uploads/2026/11/forged.webp', bytes('x'), webp).then(
        () => null,
        (err: unknown) => String(err),
      );
      expect(error).toMatch(/HTTP 403/);
      expect(error).not.toContain('not-the-secret');
      expect(error).not.toContain(s3.secretAccessKey);
      expect(error).not.toContain(s3.accessKeyId);
      expect(await store.head('uploads/2026/11/forged.webp')).toBeNull();
    });
  },
);
