// The folder the kept answers live in (see src/tmdb/diskStore.ts), by file name: Node's file system where the
// extension host has one. The browser's host uses `vscode.workspace.fs` (./workspaceFolder),
// and its bundle has no Node module: there `nodeFolder` is never called. No vscode import.
import { mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface Folder {
  /** A file's size and when it was last written; undefined when it is not there. */
  stat(name: string): Promise<{ isFile: boolean; size: number; writtenAt: number } | undefined>;
  read(name: string): Promise<string>;
  write(name: string, text: string): Promise<void>;
  /** Replaces `to` if it is there. */
  rename(from: string, to: string): Promise<void>;
  remove(name: string): Promise<void>;
  list(): Promise<string[]>;
  /** Makes the folder (and those above it) when it is not there. */
  make(): Promise<void>;
  /** Removes the folder and everything in it. */
  clear(): Promise<void>;
}

export function nodeFolder(dir: string): Folder {
  return {
    stat: async (name) => {
      const info = await stat(join(dir, name)).catch(() => undefined);
      return info && { isFile: info.isFile(), size: info.size, writtenAt: info.mtimeMs };
    },
    read: (name) => readFile(join(dir, name), 'utf8'),
    write: (name, text) => writeFile(join(dir, name), text),
    rename: (from, to) => rename(join(dir, from), join(dir, to)),
    remove: (name) => unlink(join(dir, name)),
    list: () => readdir(dir),
    make: async () => void (await mkdir(dir, { recursive: true })),
    clear: () => rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 }),
  };
}
