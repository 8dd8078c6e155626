// The kept answers' folder (./folder) through `vscode.workspace.fs`: the browser's extension host
// (VS Code for the Web) has no Node file system; its global storage is a virtual one.
import * as vscode from 'vscode';
import type { Folder } from '../common/folder';

export function workspaceFolder(dir: vscode.Uri): Folder {
  const fs = vscode.workspace.fs;
  const at = (name: string) => vscode.Uri.joinPath(dir, name);
  return {
    stat: async (name) => {
      const info = await Promise.resolve(fs.stat(at(name))).catch(() => undefined);
      // The browser's store (IndexedDB) counts writes in `mtime` (0, 1, 2…) instead of keeping a time.
      return (
        info && {
          isFile: (info.type & vscode.FileType.File) !== 0,
          size: info.size,
          writtenAt: info.mtime > 1e12 ? info.mtime : undefined,
        }
      );
    },
    read: async (name) => new TextDecoder().decode(await fs.readFile(at(name))),
    // One write: the browser's store writes a file whole (and cannot rename: "not supported").
    writeWhole: async (name, text) => fs.writeFile(at(name), new TextEncoder().encode(text)),
    remove: async (name) => fs.delete(at(name)),
    list: async () => (await fs.readDirectory(dir)).map(([name]) => name),
    make: async () => fs.createDirectory(dir),
    clear: async () => {
      await Promise.resolve(fs.delete(dir, { recursive: true, useTrash: false })).catch((error: unknown) => {
        if (!(error instanceof vscode.FileSystemError && error.code === 'FileNotFound')) throw error;
      });
    },
  };
}
