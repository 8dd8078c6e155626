// The folder the kept answers live in (see src/tmdb/diskStore.ts), by file name: Node's file system where the
// extension host has one. The browser's host uses `vscode.workspace.fs` (./workspaceFolder),
// and its bundle has no Node module: there `nodeFolder` is never called. What is kept is the person's own
// (their lists, private ones too, their ratings): the folder is theirs alone (0700) and each file (0600),
// where the file system has such modes (Windows ignores them). No vscode import.
import { chmod, mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface Folder {
  /**
   * A file's size and when it was last written (ms since 1970; undefined where the file system keeps no
   * such time: the browser's store counts writes instead); undefined when the file is not there.
   */
  stat(name: string): Promise<{ isFile: boolean; size: number; writtenAt: number | undefined } | undefined>;
  read(name: string): Promise<string>;
  /** Writes a file whole: a reader sees the old text or the new one, never a part. */
  writeWhole(name: string, text: string): Promise<void>;
  remove(name: string): Promise<void>;
  list(): Promise<string[]>;
  /** Makes the folder (and those above it) when it is not there. */
  make(): Promise<void>;
  /** Removes the folder and everything in it. */
  clear(): Promise<void>;
}

/** Read and written by the person alone. */
export const FILE_MODE = 0o600;
export const FOLDER_MODE = 0o700;

export function nodeFolder(dir: string): Folder {
  // A folder an earlier version made open to others (0755) is closed at this window's first write.
  let closed = false;
  return {
    stat: async (name) => {
      const info = await stat(join(dir, name)).catch(() => undefined);
      return info && { isFile: info.isFile(), size: info.size, writtenAt: info.mtimeMs };
    },
    read: (name) => readFile(join(dir, name), 'utf8'),
    // Written beside it, then renamed over it (a rename is atomic): another window never reads half a file.
    // A temporary file a crash left is removed by the store's pruning once it is a minute old.
    writeWhole: async (name, text) => {
      if (!closed)
        closed = await chmod(dir, FOLDER_MODE).then(
          () => true,
          () => false,
        );
      const temporary = join(dir, `${name}.${crypto.randomUUID()}.tmp`);
      await writeFile(temporary, text, { mode: FILE_MODE });
      await rename(temporary, join(dir, name)).catch(async (error: unknown) => {
        await unlink(temporary).catch(() => undefined);
        throw error;
      });
    },
    remove: (name) => unlink(join(dir, name)),
    list: () => readdir(dir),
    // A new folder is made closed; an existing one is closed at the first write (above).
    make: async () => void (await mkdir(dir, { recursive: true, mode: FOLDER_MODE })),
    clear: () => rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 }),
  };
}
