// The client's cache against the stand-in (which sends Cache-Control and ETags and answers 304, as the CDN
// in front of TMDB does): shared in-flight reads, fresh answers for free, ETag checks, answers on disk
// across a restart, offline answers marked, account data scoped and forgotten on writes and sign-out.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CachedAnswer } from '../../src/tmdb/cache';
import { DiskStore, MAX_FILE_BYTES } from '../../src/tmdb/diskStore';

describe('the answers on disk, as input and across windows', function () {
  this.timeout(30_000);
  let dir: string;
  const now = Date.parse('2026-11-23T12:00:00Z');
  const answer = (key: string, body: unknown = { key }): CachedAnswer => ({
    key,
    body,
    storedAt: now,
    freshUntil: now + 60_000,
    scope: 'public',
    size: 10,
  });
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'tmdb-disk-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 20 }));

  /** Puts a file where the store keeps `key`, as a crash, another version or an attacker could. */
  async function plant(key: string, text: string): Promise<string> {
    const store = new DiskStore(dir, undefined, () => now);
    await store.set(answer(key));
    const [name] = readdirSync(dir).filter((file) => file.endsWith('.json'));
    writeFileSync(join(dir, name!), text);
    return join(dir, name!);
  }

  it("writes the person's answers readable by them alone: each file 0600, the folder 0700 (an older version's opened too)", async function () {
    if (process.platform === 'win32') this.skip(); // Windows keeps no such modes: said in the note, not counted.
    const folder = join(dir, 'answers');
    mkdirSync(folder, { mode: 0o755 });
    chmodSync(folder, 0o755);
    const store = new DiskStore(folder, undefined, () => now);
    await store.set({ ...answer('lists'), scope: 'account' });
    const [name] = readdirSync(folder).filter((file) => file.endsWith('.json'));
    // Before: 0644 and 0755 (umask 022), readable by every local user.
    assert.equal(statSync(join(folder, name!)).mode & 0o777, 0o600);
    assert.equal(statSync(folder).mode & 0o777, 0o700);
    chmodSync(folder, 0o755);
    rmSync(join(folder, name!));
    await store.clear();
    await store.set(answer('again'));
    assert.equal(statSync(folder).mode & 0o777, 0o700, 'made again, closed again');
  });

  it('takes a kept file only when every field is in bounds, and removes a bad one', async () => {
    const good = {
      key: 'k',
      body: { a: 1 },
      etag: '"abc"',
      storedAt: now,
      freshUntil: now + 1,
      scope: 'public',
      size: 9,
    };
    const bad: Array<[string, unknown]> = [
      ['an ETag with a line break', { ...good, etag: '"a"\r\nX-Evil: 1' }],
      ['an ETag that is no entity tag', { ...good, etag: 'abc' }],
      ['a storedAt no date can hold', { ...good, storedAt: 1e20 }],
      ['a storedAt in the future', { ...good, storedAt: now + 30 * 24 * 3600_000 }],
      ['a negative storedAt', { ...good, storedAt: -1 }],
      ['a freshUntil that is no number', { ...good, freshUntil: 'soon' }],
      ['another scope', { ...good, scope: 'account' }],
      ['no body', { ...good, body: undefined }],
      ['not JSON', '{"key":'],
      ['an array', []],
    ];
    for (const [what, value] of bad) {
      const path = await plant('k', typeof value === 'string' ? value : JSON.stringify(value));
      assert.equal(await new DiskStore(dir, undefined, () => now).get('k'), undefined, what);
      assert.ok(!existsSync(path), `${what}: the file is removed`);
    }
    await plant('k', JSON.stringify({ ...good, size: -5_000_000, freshUntil: now + 1e12 }));
    const read = await new DiskStore(dir, undefined, () => now).get('k');
    assert.ok(read, 'a good file is taken');
    assert.ok(read.size > 0, 'its size is recounted, not taken from the file');
    assert.ok(read.freshUntil <= now + 7 * 24 * 3600_000, 'fresh for a bounded time');
  });

  it('does not read a file larger than any answer can be', async () => {
    // A good answer padded with spaces (still valid JSON) past the bound: read, it would be taken.
    const padded = JSON.stringify({
      key: 'k',
      body: { a: 1 },
      storedAt: now,
      freshUntil: now + 1,
      scope: 'public',
      size: 9,
    }).padEnd(MAX_FILE_BYTES + 1, ' ');
    const path = await plant('k', padded);
    assert.equal(await new DiskStore(dir, undefined, () => now).get('k'), undefined, 'not taken');
    assert.ok(!existsSync(path), 'removed');
    const huge = await plant('k', '');
    truncateSync(huge, 150 * 1024 * 1024); // 150 MB, sparse: made at once
    assert.equal(await new DiskStore(dir, undefined, () => now).get('k'), undefined);
    assert.ok(!existsSync(huge), 'removed');
  });

  it('counts bytes as the disk holds them (UTF-8), not UTF-16 units', async () => {
    const store = new DiskStore(dir, { files: 100, bytes: 10_000 }, () => now);
    const cjk = '映画'.repeat(1000); // 2,000 UTF-16 units, 6,000 bytes
    for (const key of ['a', 'b', 'c']) await store.set(answer(key, { overview: cjk }));
    const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
    assert.equal(files.length, 1, 'two of the three would pass a bound counted in UTF-16 units');
  });

  it('removes what a crash left behind, once it is old enough', async () => {
    const store = new DiskStore(dir, undefined, () => now);
    await store.set(answer('a'));
    writeFileSync(join(dir, 'x.json.123.tmp'), '{');
    writeFileSync(join(dir, 'y.json.456.tmp'), '{');
    utimesSync(join(dir, 'x.json.123.tmp'), new Date(now - 3600_000), new Date(now - 3600_000));
    utimesSync(join(dir, 'y.json.456.tmp'), new Date(now), new Date(now));
    await store.set(answer('b'));
    assert.deepEqual(
      readdirSync(dir).filter((file) => file.endsWith('.tmp')),
      ['y.json.456.tmp'],
      'a write under way in another window is left alone',
    );
  });

  it('keeps its bounds with several processes writing at once (three windows)', async () => {
    const module = join(__dirname, '..', '..', 'src', 'tmdb', 'diskStore.js');
    const script = `
      const { DiskStore } = require(${JSON.stringify(module)});
      const store = new DiskStore(process.argv[1], { files: 20, bytes: 1e9 });
      (async () => {
        for (let i = 0; i < 40; i++) await store.set({ key: process.pid + ':' + i, body: { i }, storedAt: Date.now(), freshUntil: Date.now() + 1, scope: 'public', size: 1 });
      })();`;
    const windows = Array.from({ length: 3 }, () => spawn(process.execPath, ['-e', script, dir], { stdio: 'ignore' }));
    await Promise.all(windows.map((child) => new Promise((resolve) => child.on('exit', resolve))));
    const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
    assert.ok(
      files.length <= 20,
      `${files.length} files after 3 windows wrote 40 each (one window's bound would let 60 stay)`,
    );
    assert.ok(files.length >= 15, 'and it kept what it may');
  });

  it('Clear Cache in one window never stops another from saving', async () => {
    const one = new DiskStore(dir, undefined, () => now);
    const other = new DiskStore(dir, undefined, () => now);
    await other.set(answer('before'));
    await one.clear();
    await other.set(answer('after'));
    assert.deepEqual(
      (await other.get('after'))?.body,
      { key: 'after' },
      'saved after the other window cleared the folder',
    );
    assert.equal(await other.get('before'), undefined, 'and the cleared answer is gone');
  });

  it('clears while a write is queued without failing (the folder is made again for what comes after)', async () => {
    const store = new DiskStore(dir, undefined, () => now);
    const writes = Array.from({ length: 20 }, (_, i) => store.set(answer(`k${i}`)));
    await Promise.all([...writes, store.clear(), store.set(answer('last'))]);
    assert.deepEqual((await store.get('last'))?.body, { key: 'last' });
  });
});

describe("the answers kept in the browser's store (a Folder that keeps no times and cannot rename)", () => {
  /** Like VS Code for the Web's IndexedDB store: whole-file writes, `mtime` a write counter (no time). */
  function browserLikeFolder() {
    const files = new Map<string, string>();
    let made = false;
    return {
      files,
      stat: async (name: string) =>
        files.has(name)
          ? { isFile: true, size: new TextEncoder().encode(files.get(name)!).length, writtenAt: undefined }
          : undefined,
      read: async (name: string) => {
        if (!files.has(name)) throw new Error('FileNotFound');
        return files.get(name)!;
      },
      writeWhole: async (name: string, text: string) => {
        if (!made) throw new Error('FileNotFound: no folder');
        files.set(name, text);
      },
      remove: async (name: string) => void files.delete(name),
      list: async () => [...files.keys()],
      make: async () => void (made = true),
      clear: async () => {
        files.clear();
        made = false;
      },
    };
  }
  const answer = (key: string): CachedAnswer => ({
    key,
    body: { id: key },
    storedAt: Date.now(),
    freshUntil: Date.now() + 60_000,
    scope: 'public',
    size: 10,
  });

  it('keeps and reads answers, within its bounds, and leaves no temporary file behind', async () => {
    const folder = browserLikeFolder();
    const store = new DiskStore(folder, { files: 3, bytes: 1_000_000 });
    for (const key of ['a', 'b', 'c', 'd', 'e']) await store.set(answer(key));
    await store.idle();
    assert.equal(folder.files.size, 3, 'the count holds without times to order by');
    assert.ok(
      [...folder.files.keys()].every((name) => /^[0-9a-f]{40}\.json$/.test(name)),
      [...folder.files.keys()].join(),
    );
    const kept = (await Promise.all(['a', 'b', 'c', 'd', 'e'].map((key) => store.get(key)))).filter(Boolean);
    assert.equal(kept.length, 3);
    assert.ok(kept.every((entry) => entry!.body && (entry!.body as { id: string }).id === entry!.key));
    await store.clear();
    assert.equal(await store.get('e'), undefined);
  });
  it("writes each answer before tidying the folder: a window closed meanwhile keeps what was shown (the web host's reload)", async () => {
    const folder = browserLikeFolder();
    const log: string[] = [];
    // Each call a round trip, as through the workbench: tidying reads every file's size.
    const roundTrip = () => new Promise((resolve) => setTimeout(resolve, 2));
    const traced = {
      ...folder,
      writeWhole: async (name: string, text: string) => (
        await roundTrip(),
        log.push('write'),
        folder.writeWhole(name, text)
      ),
      list: async () => (await roundTrip(), log.push('list'), folder.list()),
      stat: async (name: string) => (await roundTrip(), folder.stat(name)),
    };
    const store = new DiskStore(traced, { files: 100, bytes: 1_000_000 });
    await folder.make();
    for (const key of ['a', 'b', 'c']) await store.set(answer(key));
    log.length = 0;
    // A page's answers come together (the title, then what it shows beside it): none waits for a tidy.
    const writes = ['d', 'e', 'f'].map((key) => store.set(answer(key)));
    await Promise.all(writes);
    await store.idle();
    assert.deepEqual(log, ['write', 'write', 'write', 'list'], log.join());
    assert.equal(folder.files.size, 6);
  });
});
