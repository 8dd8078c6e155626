// Public TMDB answers on disk (the extension's global storage), so a restart and an offline editor show
// the last answer. One small JSON file an answer, named by a hash of its key (path and language, never a
// secret); at most MAX_FILES files and MAX_BYTES bytes (UTF-8, as on disk), the oldest written removed
// first. Every window of VS Code writes into the same folder, so the bounds are kept on what the folder
// holds (read once the writes asked for are in), not on what one window remembers writing; a folder another
// window cleared is made again. An answer's own write goes first and alone: a window may close (a reload ends
// VS Code for the Web's worker and its store) soon after a page showed, and what was shown must be kept. A file is input like a TMDB answer: read only when its size is in bounds, taken
// only when its fields are (a bad one is removed). The folder is a `Folder` (src/common/folder.ts): Node's file
// system in a desktop or remote extension host, `vscode.workspace.fs` in the browser's. No vscode import.
import type { AnswerStore, CachedAnswer } from './cache';
import { nodeFolder, type Folder } from '../common/folder';
import { MAX_SEASON_BYTES } from './call';

export const MAX_FILES = 400;
export const MAX_BYTES = 40 * 1024 * 1024;
/** The account's own store: its lists' and titles' pages (a whole watchlist read is up to 50 of them a kind). */
export const ACCOUNT_STORE_LIMITS = { files: 400, bytes: 20 * 1024 * 1024 };
/** An answer is at most MAX_SEASON_BYTES (a season's; others MAX_BODY_BYTES); its file adds the key and a few fields. A larger file is not read. */
export const MAX_FILE_BYTES = MAX_SEASON_BYTES + 64 * 1024;
/** A temporary file older than this is a crash's leftover (a write takes milliseconds). */
const LEFTOVER_MS = 60_000;
/** Writes in a row, or bytes written, after which the folder is tidied even though more writes wait: a burst cut
 * short by a closing window leaves the folder at most this far past its bounds. */
const PRUNE_EVERY = 4;
const PRUNE_EVERY_BYTES = 4 * 1024 * 1024;
/** How far ahead of this computer's clock a time may be (another window's clock is the same one). */
const CLOCK_SLACK_MS = 24 * 60 * 60 * 1000;
/** The longest a kept answer stays fresh, whatever its file says. */
const MAX_FRESH_MS = 7 * 24 * 60 * 60 * 1000;
/** An entity tag as HTTP has it (RFC 9110 §8.8.3): a header value, so nothing that breaks a request. */
const ENTITY_TAG = /^(?:W\/)?"[\x21\x23-\x7e\x80-\xff]*"$/;

export class DiskStore implements AnswerStore {
  /** Writes and clearing, one after the other within this window. */
  private queue: Promise<void> = Promise.resolve();
  /** Writes asked for and not yet done. */
  private waiting = 0;
  /** Writes done, and their bytes (about: UTF-16 units), since the folder was last tidied. */
  private unpruned = { count: 0, bytes: 0 };

  private readonly folder: Folder;

  /** `dir`: a folder's path (Node's file system), or a `Folder`. */
  constructor(
    dir: string | Folder,
    private readonly limits = { files: MAX_FILES, bytes: MAX_BYTES },
    private readonly now: () => number = Date.now,
    /** Whose answers the folder holds: public ones, or (a folder of its own) the signed-in account's. */
    private readonly scope: 'public' | 'account' = 'public',
  ) {
    this.folder = typeof dir === 'string' ? nodeFolder(dir) : dir;
  }

  private async fileOf(key: string): Promise<string> {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
    return `${Array.from(digest, (byte) => byte.toString(16).padStart(2, '0'))
      .join('')
      .slice(0, 40)}.json`;
  }

  async get(key: string): Promise<CachedAnswer | undefined> {
    // Web Crypto is there only in a secure context (https, this computer): elsewhere nothing is kept.
    const name = await this.fileOf(key).catch(() => undefined);
    if (!name) return undefined;
    const info = await this.folder.stat(name).catch(() => undefined);
    if (!info?.isFile) return undefined; // not kept
    const kept =
      info.size <= MAX_FILE_BYTES
        ? readKept(await this.folder.read(name).catch(() => undefined), key, info.size, this.now(), this.scope)
        : undefined;
    if (!kept) await this.folder.remove(name).catch(() => undefined);
    return kept;
  }

  /**
   * Writes one after the other; a failed write is dropped (the cache is a convenience). The folder is tidied
   * once no write waits (or after PRUNE_EVERY writes or PRUNE_EVERY_BYTES in a row): tidying reads every
   * file's size, which in the browser's store is a round trip each, and the answers waiting behind it would
   * reach the disk that much later.
   */
  set(answer: CachedAnswer): Promise<void> {
    this.waiting++;
    return this.enqueue(async () => {
      const written = await this.write(answer).catch(() => 0);
      this.waiting--;
      this.unpruned = { count: this.unpruned.count + 1, bytes: this.unpruned.bytes + written };
      if (this.waiting === 0 || this.unpruned.count >= PRUNE_EVERY || this.unpruned.bytes >= PRUNE_EVERY_BYTES) {
        this.unpruned = { count: 0, bytes: 0 };
        await this.prune();
      }
    });
  }

  /** Settles when the writes asked for so far are done. */
  idle(): Promise<void> {
    return this.queue;
  }

  async clear(): Promise<void> {
    await this.enqueue(() => this.folder.clear());
  }

  private enqueue(job: () => Promise<unknown>): Promise<void> {
    this.queue = this.queue.then(job).then(
      () => undefined,
      () => undefined,
    );
    return this.queue;
  }

  /** Writes an answer's file; its length. */
  private async write(answer: CachedAnswer): Promise<number> {
    const name = await this.fileOf(answer.key);
    const text = JSON.stringify(answer);
    // The folder is made when the write finds none: another window's Clear Cache removes it.
    await this.folder.writeWhole(name, text).catch(async () => {
      await this.folder.make();
      await this.folder.writeWhole(name, text);
    });
    return text.length;
  }

  /** Keeps the folder within its bounds, whoever wrote what is in it: the oldest written go first. */
  private async prune(): Promise<void> {
    const names = await this.folder.list().catch(() => [] as string[]);
    const files = await Promise.all(
      names.map(async (name) => {
        const info = await this.folder.stat(name).catch(() => undefined);
        return info?.isFile ? { name, size: info.size, writtenAt: info.writtenAt } : undefined;
      }),
    );
    const now = this.now();
    // Where the folder keeps no times (the browser's store), the order is unknown: the count and bytes still hold.
    const answers: Array<{ name: string; size: number; writtenAt: number }> = [];
    for (const file of files) {
      if (!file) continue;
      if (file.name.endsWith('.json')) answers.push({ ...file, writtenAt: file.writtenAt ?? 0 });
      else if (file.name.endsWith('.tmp') && file.writtenAt !== undefined && now - file.writtenAt > LEFTOVER_MS)
        await this.folder.remove(file.name).catch(() => undefined);
    }
    answers.sort((a, b) => a.writtenAt - b.writtenAt);
    let count = answers.length;
    let bytes = answers.reduce((sum, file) => sum + file.size, 0);
    for (const file of answers) {
      if (count <= this.limits.files && bytes <= this.limits.bytes) break;
      await this.folder.remove(file.name).catch(() => undefined);
      count--;
      bytes -= file.size;
    }
  }
}

/** A kept answer read from its file, or undefined when any field is not what this store writes. */
export function readKept(
  text: string | undefined,
  key: string,
  fileSize: number,
  now: number,
  expected: 'public' | 'account' = 'public',
): CachedAnswer | undefined {
  let value: unknown;
  try {
    value = text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const {
    key: storedKey,
    body,
    etag,
    storedAt,
    freshUntil,
    scope,
    accountId,
    mustRevalidate,
  } = value as Record<string, unknown>;
  // A hash collision, or a file from another version (or the other folder): not this answer.
  if (storedKey !== key || body === undefined || body === null || scope !== expected) return undefined;
  if (expected === 'account' && accountId !== undefined && !(Number.isSafeInteger(accountId) && Number(accountId) > 0))
    return undefined;
  if (!isTime(storedAt, now) || typeof freshUntil !== 'number' || !Number.isFinite(freshUntil)) return undefined;
  if (etag !== undefined && (typeof etag !== 'string' || !ENTITY_TAG.test(etag))) return undefined;
  return {
    key,
    body,
    etag,
    storedAt,
    freshUntil: Math.min(freshUntil, storedAt + MAX_FRESH_MS),
    scope: expected,
    ...(typeof accountId === 'number' ? { accountId } : {}),
    // Recounted: the file's own figure is not taken.
    size: fileSize,
    ...(mustRevalidate === true ? { mustRevalidate: true } : {}),
  };
}

function isTime(value: unknown, now: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= now + CLOCK_SLACK_MS;
}
