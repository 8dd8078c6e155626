// Public TMDB answers on disk (the extension's global storage), so a restart and an offline editor show
// the last answer. One small JSON file an answer, named by a hash of its key (path and language, never a
// secret); at most MAX_FILES files and MAX_BYTES bytes, the oldest written removed first. No vscode import.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AnswerStore, CachedAnswer } from './cache';

export const MAX_FILES = 400;
export const MAX_BYTES = 40 * 1024 * 1024;

interface FileInfo {
  name: string;
  size: number;
  writtenAt: number;
}

export class DiskStore implements AnswerStore {
  /** What is on disk, read once on first write; kept in step afterwards. */
  private index: Promise<Map<string, FileInfo>> | undefined;
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly dir: string,
    private readonly limits = { files: MAX_FILES, bytes: MAX_BYTES },
  ) {}

  private fileOf(key: string): string {
    return `${createHash('sha256').update(key).digest('hex').slice(0, 40)}.json`;
  }

  async get(key: string): Promise<CachedAnswer | undefined> {
    try {
      const stored = JSON.parse(await readFile(join(this.dir, this.fileOf(key)), 'utf8')) as CachedAnswer;
      // A hash collision, or a file from another version: not this answer.
      return stored && stored.key === key && typeof stored.storedAt === 'number' ? stored : undefined;
    } catch {
      return undefined;
    }
  }

  /** Writes one after the other, so the bound holds; a failed write is dropped (the cache is a convenience). */
  set(answer: CachedAnswer): Promise<void> {
    this.writes = this.writes.then(() => this.write(answer)).catch(() => undefined);
    return this.writes;
  }

  /** Settles when the writes asked for so far are done. */
  idle(): Promise<void> {
    return this.writes;
  }

  private async write(answer: CachedAnswer): Promise<void> {
    const index = await this.loadIndex();
    const name = this.fileOf(answer.key);
    const text = JSON.stringify(answer);
    const temporary = join(this.dir, `${name}.${process.pid}.tmp`);
    await writeFile(temporary, text);
    await rename(temporary, join(this.dir, name));
    index.delete(name);
    index.set(name, { name, size: text.length, writtenAt: Date.now() });
    let bytes = [...index.values()].reduce((sum, file) => sum + file.size, 0);
    for (const file of [...index.values()]) {
      if (index.size <= this.limits.files && bytes <= this.limits.bytes) break;
      index.delete(file.name);
      bytes -= file.size;
      await unlink(join(this.dir, file.name)).catch(() => undefined);
    }
  }

  private loadIndex(): Promise<Map<string, FileInfo>> {
    this.index ??= (async () => {
      await mkdir(this.dir, { recursive: true });
      const files: FileInfo[] = [];
      for (const name of await readdir(this.dir)) {
        if (!name.endsWith('.json')) continue;
        const info = await stat(join(this.dir, name)).catch(() => undefined);
        if (info) files.push({ name, size: info.size, writtenAt: info.mtimeMs });
      }
      files.sort((a, b) => a.writtenAt - b.writtenAt);
      return new Map(files.map((file) => [file.name, file]));
    })();
    return this.index;
  }

  async clear(): Promise<void> {
    await this.writes;
    this.index = undefined;
    await rm(this.dir, { recursive: true, force: true });
  }
}
