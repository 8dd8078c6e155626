// Copy and share: a title's or a person's TMDB address, TMDB ID and IMDb ID, from a tree row's menu, the
// editor title bar's menu or the palette (the page in front). People who keep a media library name folders
// with these ("Fight Club (1999) [tmdbid-550]"). What is copied is built here from checked ids, never
// taken from TMDB's text; the IMDb ID is read from the page's own answer (kept, so usually no request).
import * as vscode from 'vscode';
import { notifyError, notifyInfo } from '../../kit/notify';
import type { Logger } from '../../kit/log';
import { plainText } from '../../common/plainText';
import { imdbIdOf } from '../../model/imdb';
import type { Settings } from '../../settings/settings';
import type { TmdbClient } from '../../tmdb/client';
import { userMessage } from '../../tmdb/errors';
import { PersonNode, TitleNode } from '../../tree/nodes';
import type { PanelManager } from './panelManager';

export type CopyWhat = 'link' | 'id' | 'imdbId';

export interface CopyDeps {
  panels: PanelManager;
  client: TmdbClient;
  settings: () => Settings;
  log: Logger;
}

interface CopyTarget {
  kind: 'movie' | 'tv' | 'person' | 'collection';
  id: number;
}

export class CopyCommands {
  constructor(private readonly deps: CopyDeps) {}

  /** A title or person row, or else the page in front (the palette passes nothing, the editor title bar the page's Uri). */
  private targetOf(arg: unknown): CopyTarget | undefined {
    if (arg instanceof TitleNode) return { kind: arg.kind, id: arg.summary.id };
    if (arg instanceof PersonNode) return { kind: 'person', id: arg.person.id };
    const ref = this.deps.panels.activePanel?.ref;
    return ref && ref.kind !== 'credit' ? { kind: ref.kind, id: ref.id } : undefined;
  }

  /** Copies what was asked for to the clipboard and says so in the status bar; resolves to what was copied. */
  async copy(what: CopyWhat, arg?: unknown): Promise<string | undefined> {
    const target = this.targetOf(arg);
    if (!target) {
      void notifyInfo(
        vscode.l10n.t('TMDB: open a movie, series or person first, or use this from a row of the TMDB views.'),
      );
      return undefined;
    }
    let value: string | undefined;
    try {
      value =
        what === 'link'
          ? `${this.deps.settings().webBaseUrl}/${target.kind}/${target.id}`
          : what === 'id'
            ? String(target.id)
            : await this.imdbIdOf(target);
    } catch (error) {
      this.deps.log.error('copy', 'could not read the IMDb ID', error);
      void notifyError(vscode.l10n.t('TMDB: could not read the IMDb ID. {0}', userMessage(error)));
      return undefined;
    }
    if (!value) {
      void notifyInfo(vscode.l10n.t('TMDB: TMDB knows no IMDb ID for this one.'));
      return undefined;
    }
    await vscode.env.clipboard.writeText(value);
    // As text: the address starts with the user's own `tmdb.webBaseUrl`, which the status bar must not draw as an icon.
    vscode.window.setStatusBarMessage(vscode.l10n.t('$(copy) Copied {0}', plainText(value)), 5_000);
    return value;
  }

  private async imdbIdOf(target: CopyTarget): Promise<string | undefined> {
    const { client } = this.deps;
    let imdbId: string | null | undefined;
    if (target.kind === 'movie') imdbId = (await client.movie(target.id)).imdb_id;
    else if (target.kind === 'tv') imdbId = (await client.tvSeries(target.id)).external_ids?.imdb_id;
    else if (target.kind === 'collection')
      return undefined; // IMDb has no page for a collection
    else {
      const person = await client.person(target.id);
      imdbId = person.imdb_id ?? person.external_ids?.imdb_id;
    }
    // An IMDb id as IMDb writes it (the model's one check); anything else is not copied.
    return imdbIdOf(imdbId);
  }
}
