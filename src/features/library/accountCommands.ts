// The watchlist, rating and list commands, from wherever they are run: a tree row, a panel's editor
// title bar, or the palette with a panel active. This finds the title they act on; a panel shows the
// change itself (./panelAccount's optimistic write), a tree row waits for TMDB with its view's progress
// bar. Writes are never queued: each is confirmed by TMDB or fails with a message.
import * as vscode from 'vscode';
import { notifyInfo } from '../../kit/notify';
import type { RatingService } from '../../account/ratingService';
import type { TitleFlagService } from '../../account/titleFlags';
import { ensureSignedIn } from '../../auth/askToSignIn';
import { pickRating } from '../../account/ratingPick';
import type { Credentials } from '../../auth/credentials';
import { Views } from '../../common/ids';
import { pickText } from '../../common/plainText';
import type { Logger } from '../../kit/log';
import type { PageInFront, TitlePages } from '../../core/doors';
import type { TitleFlag } from '../../tmdb/schemas';
import { asPanelRef, MAX_NAME } from '../../model/panelRef';
import { formatRating, ListItemNode, TitleNode } from '../../tree/nodes';
import { writeWithProgress, type ListActions, type TitleTarget } from './listActions';

export interface AccountCommandDeps {
  /** The title pages (features/titles, through the core's doors): the one showing a title, or in front. */
  pages: () => TitlePages;
  credentials: Credentials;
  watchlist: TitleFlagService;
  favorites: TitleFlagService;
  ratings: RatingService;
  log: Logger;
}

/** The movie or series a command acts on, and the panel showing it (which then shows the change itself). */
interface Target extends TitleTarget {
  panel?: PageInFront;
  /** Named by a hover card in the editor: no view or page shows the change, so the status bar says it. */
  fromText?: boolean;
}

/** How long the status bar says a write from a hover card was made. */
const STATUS_MESSAGE_MS = 5000;

export class AccountCommands {
  constructor(
    private readonly deps: AccountCommandDeps,
    private readonly lists: ListActions,
  ) {}

  /** A tree row, a panel's {kind, id}, or else the active panel. */
  private targetOf(arg: unknown): Target | undefined {
    if (arg instanceof TitleNode) return { kind: arg.kind, id: arg.summary.id, name: String(arg.label) };
    // A panel's own button passes its {kind, id} (a panel closed since then is no target). The palette
    // passes nothing and the editor title bar the webview's own address (a Uri): both mean the active panel.
    const ref = typeof arg === 'object' && arg !== null ? asPanelRef(arg) : undefined;
    const panel = ref ? this.deps.pages().showing(ref) : this.deps.pages().activePanel;
    // A hover card in the editor names its movie or series (../editor's hoverCard): no page needs to be open,
    // and the status bar says what was done (a page open on it shows the change too, but not in the editor).
    const { name } = (arg ?? {}) as { name?: unknown };
    const fromText = ref !== undefined && (ref.kind === 'movie' || ref.kind === 'tv') && typeof name === 'string';
    if (!panel && fromText) return { kind: ref.kind, id: ref.id, name: name.slice(0, MAX_NAME), fromText };
    if (!panel || (panel.ref.kind !== 'movie' && panel.ref.kind !== 'tv')) return undefined;
    // Named by a card: its words (the year with the title) in what the status bar says.
    const named = fromText ? name.slice(0, MAX_NAME) : panel.title;
    return { kind: panel.ref.kind, id: panel.ref.id, name: named, panel, fromText };
  }

  private target(arg: unknown): Target | undefined {
    const target = this.targetOf(arg);
    if (!target)
      void notifyInfo(vscode.l10n.t('TMDB: open a movie or series first, then use this command from its panel.'));
    return target;
  }

  private signedInToRate(): Promise<boolean> {
    return ensureSignedIn(this.deps.credentials, vscode.l10n.t('Sign in to TMDB to rate titles.'));
  }

  // ---- watchlist --------------------------------------------------------------------------------

  setWatchlist(on: boolean, arg?: unknown): Promise<boolean> {
    return this.setFlag('watchlist', on, arg);
  }

  // ---- favorites --------------------------------------------------------------------------------

  setFavorite(on: boolean, arg?: unknown): Promise<boolean> {
    return this.setFlag('favorite', on, arg);
  }

  /** The watchlist or favorites: a panel shows the change itself; a tree row waits with its view's progress bar. */
  private async setFlag(flag: TitleFlag, on: boolean, arg?: unknown): Promise<boolean> {
    const target = this.target(arg);
    if (!target) return false;
    if (target.panel?.account) {
      const toggled = await target.panel.account.toggle(flag, on);
      if (toggled && target.fromText) this.sayDone(flag, on, target.name);
      return toggled;
    }
    const failed =
      flag === 'watchlist'
        ? on
          ? vscode.l10n.t('TMDB: could not add "{0}".', target.name)
          : vscode.l10n.t('TMDB: could not remove "{0}".', target.name)
        : on
          ? vscode.l10n.t('TMDB: could not mark "{0}" as a favorite.', target.name)
          : vscode.l10n.t('TMDB: could not remove "{0}" from your favorites.', target.name);
    const service = flag === 'watchlist' ? this.deps.watchlist : this.deps.favorites;
    const done = await writeWithProgress(
      flag === 'watchlist' ? Views.watchlist : Views.favorites,
      () => service.set(target.kind, target.id, on),
      failed,
      this.deps.log,
    );
    if (done && target.fromText) this.sayDone(flag, on, target.name);
    return done;
  }

  /** The status bar says a write from a hover card was made (its page, if open, shows it too). */
  private sayDone(flag: TitleFlag, on: boolean, title: string): void {
    const name = pickText(title);
    const said =
      flag === 'watchlist'
        ? on
          ? vscode.l10n.t('TMDB: added "{0}" to your watchlist.', name)
          : vscode.l10n.t('TMDB: removed "{0}" from your watchlist.', name)
        : on
          ? vscode.l10n.t('TMDB: marked "{0}" as a favorite.', name)
          : vscode.l10n.t('TMDB: removed "{0}" from your favorites.', name);
    vscode.window.setStatusBarMessage(said, STATUS_MESSAGE_MS);
  }

  // ---- rating -----------------------------------------------------------------------------------

  /** Asks for a rating (the current one marked) and saves it; "Remove Rating" is among the choices. */
  async rate(arg?: unknown): Promise<boolean> {
    const target = this.target(arg);
    if (!target || !(await this.signedInToRate())) return false;
    const current = target.panel
      ? (target.panel.state.rating.value ?? undefined)
      : await this.deps.ratings.ratingOf(target.kind, target.id).catch(() => undefined);
    const picked = await pickRating(target.name, current);
    if (!picked) return false;
    return this.saveRating(target, picked.value);
  }

  async removeRating(arg?: unknown): Promise<boolean> {
    const target = this.target(arg);
    if (!target || !(await this.signedInToRate())) return false;
    return this.saveRating(target, undefined);
  }

  private async saveRating(target: Target, value: number | undefined): Promise<boolean> {
    if (target.panel?.account) {
      const rated = await target.panel.account.rate(value);
      if (rated && target.fromText) this.sayRated(target.name, value);
      return rated;
    }
    const failed =
      value === undefined
        ? vscode.l10n.t('TMDB: could not remove your rating of "{0}".', target.name)
        : vscode.l10n.t('TMDB: could not rate "{0}".', target.name);
    const done = await writeWithProgress(
      Views.rated,
      () => this.deps.ratings.set(target.kind, target.id, value),
      failed,
      this.deps.log,
    );
    if (done && target.fromText) this.sayRated(target.name, value);
    return done;
  }

  private sayRated(title: string, value: number | undefined): void {
    vscode.window.setStatusBarMessage(
      value === undefined
        ? vscode.l10n.t('TMDB: removed your rating of "{0}".', pickText(title))
        : vscode.l10n.t('TMDB: rated "{0}" {1}.', pickText(title), formatRating(value)),
      STATUS_MESSAGE_MS,
    );
  }

  // ---- lists (./listActions) --------------------------------------------------------------------

  async addToList(arg?: unknown): Promise<boolean> {
    const target = this.target(arg);
    return target ? this.lists.addToList(target) : false;
  }

  /** From a list's row in My Lists, or a list picked among those holding the active panel's movie. */
  async removeFromList(arg?: unknown): Promise<boolean> {
    if (arg instanceof ListItemNode)
      return this.lists.putInList(arg.list, { kind: arg.kind, id: arg.summary.id, name: String(arg.label) }, false);
    const target = this.target(arg);
    return target ? this.lists.removeFromList(target) : false;
  }
}
