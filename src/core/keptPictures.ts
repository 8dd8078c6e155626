// Small pictures for icons: a person's face on a tree row, a poster in the import's preview. Remote https:
// icons can be blocked in trees and quick picks (microsoft/vscode#228048), and an http image host (the
// stand-in, a local proxy) always is: pictures are saved under the extension's storage folder and shown
// from there; until one is saved (or when it cannot be), the row shows a codicon. A picture saved in an
// earlier session is used as it is, not downloaded again. One for the extension (./core): Clear Cache
// deletes them all.
import * as vscode from 'vscode';
import type { Settings } from '../settings/settings';
import type { Logger } from '../kit/log';
import { imageUrl, IMAGE_SIZES, MAX_PICTURE_BYTES } from '../tmdb/imageUrls';
import { Throttle } from '../tmdb/throttle';
import { pictureBytes } from '../common/readCapped';

const PICTURE_EXTENSIONS = ['.jpg', '.png', '.svg'];

/** The sizes kept: a face (tree rows) and a list poster (the import's preview). */
type PictureSize = typeof IMAGE_SIZES.avatar | typeof IMAGE_SIZES.listPoster;

/**
 * Pictures downloaded at a time. In VS Code, each new HTTPS connection of the extension host's fetch builds
 * a TLS context from every system certificate (its proxy support passes them all as `ca`): ~100 ms of the
 * host's one thread each on a 2-core machine. Twenty rows' pictures asked for at once opened twenty
 * connections and held every view back ~2 s after a window reload (npm run bench:list); two at a time
 * reuse two connections.
 */
const DOWNLOADS_AT_ONCE = 2;
const UNREACHABLE_PAUSE_MS = 60_000;

export class KeptPictures {
  private readonly files = new Map<string, vscode.Uri | null>();
  private readonly inFlight = new Set<string>();
  private onDisk: Promise<Set<string>> | undefined;
  private ready: Array<() => void> = [];
  /** Who waits for no picture to be in flight (`settled`). */
  private idle: Array<() => void> = [];
  private flush: ReturnType<typeof setTimeout> | undefined;
  private readonly downloads = new Throttle(Infinity, DOWNLOADS_AT_ONCE);
  /**
   * After a download that could not reach the picture server, none is tried for a minute: the rows keep
   * their codicons, and a picture not tried is asked for again the next time its row is built (the view
   * refreshed, shown again after a reload, the next page).
   */
  private unreachableUntil = 0;
  /** The clock (tests move it past the pause). */
  now: () => number = Date.now;

  constructor(
    private readonly folder: vscode.Uri,
    private readonly settings: () => Settings,
    private readonly log: Logger,
    private readonly options = { enabled: true },
  ) {}

  /** How many pictures are being fetched or wait their turn. */
  get pending(): number {
    return this.inFlight.size;
  }

  /**
   * The saved file for an image path at `size` (a face's by default), or undefined while it is fetched
   * (then `onReady` is called).
   */
  icon(path: string | null, onReady: () => void, size: PictureSize = IMAGE_SIZES.avatar): vscode.Uri | undefined {
    if (!path || !this.options.enabled) return undefined;
    const key = `${size}/${path}`;
    const known = this.files.get(key);
    if (known !== undefined) return known ?? undefined;
    if (!this.inFlight.has(key)) {
      this.inFlight.add(key);
      void this.fetch(path, size).then((saved) => {
        this.inFlight.delete(key);
        if (saved !== undefined) this.files.set(key, saved);
        if (saved) this.notify(onReady);
        if (this.inFlight.size === 0) for (const done of this.idle.splice(0)) done();
      });
    }
    return undefined;
  }

  /** Resolves once no picture is being fetched, or after `ms` (what is saved by then is drawn at once). */
  settled(ms: number): Promise<void> {
    if (this.inFlight.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.idle.push(() => (clearTimeout(timer), resolve()));
    });
  }

  /** Where a picture is saved: named by size and path, with the extension of its type. */
  private nameFor(path: string, size: PictureSize, extension: string): string {
    return `${size}-${path.replace(/[^\w.-]/g, '')}${extension}`;
  }

  private fileFor(path: string, size: PictureSize, extension: string): vscode.Uri {
    return vscode.Uri.joinPath(this.folder, this.nameFor(path, size, extension));
  }

  /** The names of the pictures saved in earlier sessions: the folder is listed once, not stat'ed per picture. */
  private savedNames(): Promise<Set<string>> {
    this.onDisk ??= Promise.resolve(vscode.workspace.fs.readDirectory(this.folder)).then(
      (entries) => new Set(entries.map(([name]) => name)),
      () => new Set<string>(),
    );
    return this.onDisk;
  }

  /** A picture saved before (by this session or an earlier one). */
  private async saved(path: string, size: PictureSize): Promise<vscode.Uri | undefined> {
    const names = await this.savedNames();
    const extension = PICTURE_EXTENSIONS.find((candidate) => names.has(this.nameFor(path, size, candidate)));
    return extension === undefined ? undefined : this.fileFor(path, size, extension);
  }

  /** Deletes every saved picture (`TMDB: Clear Cache`). */
  async clear(): Promise<void> {
    this.files.clear();
    this.unreachableUntil = 0;
    this.onDisk = Promise.resolve(new Set());
    await vscode.workspace.fs
      .delete(this.folder, { recursive: true, useTrash: false })
      .then(undefined, () => undefined);
  }

  /** The saved picture; null when there is none to have (not found, not a picture); undefined when not tried now. */
  private async fetch(path: string, size: PictureSize): Promise<vscode.Uri | null | undefined> {
    const url = imageUrl(this.settings().imageBaseUrl, size, path);
    if (!url) return null;
    const saved = await this.saved(path, size);
    if (saved) return saved;
    await this.downloads.acquire();
    try {
      if (this.now() < this.unreachableUntil) return undefined;
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !type.startsWith('image/')) return null;
      const extension = type.includes('svg') ? '.svg' : type.includes('png') ? '.png' : '.jpg';
      const bytes = await pictureBytes(response, MAX_PICTURE_BYTES);
      if (!bytes) {
        this.log.trace('images', `no picture for ${path}: empty, or over ${MAX_PICTURE_BYTES / 1024} KB`);
        return null;
      }
      const file = this.fileFor(path, size, extension);
      await vscode.workspace.fs.writeFile(file, bytes);
      return file;
    } catch (error) {
      // fetch's TypeError: no connection (offline, no DNS); the others (a timeout, a write) are this picture's own.
      this.log.trace('images', `no picture for ${path}: ${error instanceof Error ? error.name : 'error'}`);
      if (!(error instanceof TypeError)) return null;
      this.unreachableUntil = this.now() + UNREACHABLE_PAUSE_MS;
      return undefined;
    } finally {
      this.downloads.release();
    }
  }

  /** Batches redraws: many pictures arriving together cause one refresh. */
  private notify(onReady: () => void): void {
    if (!this.ready.includes(onReady)) this.ready.push(onReady);
    this.flush ??= setTimeout(() => {
      const callbacks = this.ready;
      this.ready = [];
      this.flush = undefined;
      for (const callback of callbacks) callback();
    }, 150);
  }
}
