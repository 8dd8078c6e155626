// What the account commands do (watchlist, rating, lists), from wherever they are run: a tree row, a
// panel's button, or the palette with a panel active. Writes are never queued: each is confirmed by
// TMDB or fails with a message, and a panel shows the change at once and rolls it back on failure.
import * as vscode from 'vscode';
import type { Credentials } from '../auth/credentials';
import { schemasAndPages } from '../schemasAndPagesLoader';
import { Views } from '../common/ids';
import type { Logger } from '../common/log';
import { RATING_VALUES } from '../tmdb/constants';
import { userMessage } from '../tmdb/errors';
import type { ListSummary, MediaKind } from '../tmdb/schemas';
import { formatRating, ListItemNode, TitleNode } from '../views/nodes';
import type { DetailPanel } from '../webview/detailPanel';
import type { PanelManager } from '../webview/panelManager';
import { askToSignIn } from '../auth/askToSignIn';
import type { ListService } from '../account/listService';
import type { RatingService } from '../account/ratingService';
import type { WatchlistService } from '../account/watchlistService';

export interface AccountCommandDeps {
  panels: PanelManager;
  credentials: Credentials;
  watchlist: WatchlistService;
  ratings: RatingService;
  listService: ListService;
  log: Logger;
}

/** The movie or series a command acts on. */
interface Target {
  kind: MediaKind;
  id: number;
  name: string;
  /** The panel showing it, which then shows the change itself. */
  panel?: DetailPanel;
}

interface ListPick extends vscode.QuickPickItem {
  list?: ListSummary;
  holds?: boolean;
}

export class AccountCommands {
  constructor(private readonly deps: AccountCommandDeps) {}

  /** A tree row, a panel's {kind, id}, or else the active panel. */
  private targetOf(arg: unknown): Target | undefined {
    if (arg instanceof TitleNode) return { kind: arg.kind, id: arg.summary.id, name: String(arg.label) };
    const { panels } = this.deps;
    // A panel's own button passes its {kind, id}; the palette passes nothing.
    const panel = typeof arg === 'object' && arg !== null ? this.panelShowing(arg) : panels.activePanel;
    if (!panel || (panel.ref.kind !== 'movie' && panel.ref.kind !== 'tv')) return undefined;
    return { kind: panel.ref.kind, id: panel.ref.id, name: panel.panel.title, panel };
  }

  private panelShowing(arg: object): DetailPanel | undefined {
    const ref = schemasAndPages().messages.parsePanelRef(arg);
    return ref && this.deps.panels.showing(ref);
  }

  private target(arg: unknown): Target | undefined {
    const target = this.targetOf(arg);
    if (!target) void vscode.window.showInformationMessage(vscode.l10n.t('TMDB: open a movie or series first, then use this command from its panel.'));
    return target;
  }

  /** Whether someone is signed in; if not, says so and offers to sign in. */
  private async signedIn(why: string): Promise<boolean> {
    if (await this.deps.credentials.currentSession()) return true;
    await askToSignIn(why);
    return false;
  }

  /** Runs a write from a tree row with the view's progress bar; says what failed. */
  private async fromTree(viewId: string, write: () => Promise<void>, failed: string): Promise<boolean> {
    try {
      await vscode.window.withProgress({ location: { viewId } }, write);
      return true;
    } catch (error) {
      this.deps.log.error('account', failed, error);
      void vscode.window.showErrorMessage(`${failed} ${userMessage(error)}`);
      return false;
    }
  }

  // ---- watchlist --------------------------------------------------------------------------------

  async setWatchlist(on: boolean, arg?: unknown): Promise<boolean> {
    const target = this.target(arg);
    if (!target) return false;
    if (target.panel) return target.panel.toggleWatchlist(on);
    const failed = on ? vscode.l10n.t('TMDB: could not add "{0}".', target.name) : vscode.l10n.t('TMDB: could not remove "{0}".', target.name);
    return this.fromTree(Views.watchlist, () => this.deps.watchlist.set(target.kind, target.id, on), failed);
  }

  // ---- rating -----------------------------------------------------------------------------------

  /** Asks for a rating (the current one marked) and saves it; "Remove Rating" is among the choices. */
  async rate(arg?: unknown): Promise<boolean> {
    const target = this.target(arg);
    if (!target || !(await this.signedIn(vscode.l10n.t('Sign in to TMDB to rate titles.')))) return false;
    const current = target.panel ? (target.panel.state.rating.value ?? undefined) : await this.deps.ratings.ratingOf(target.kind, target.id).catch(() => undefined);
    const items: Array<vscode.QuickPickItem & { value?: number }> = RATING_VALUES.map((value) => ({
      label: `★ ${formatRating(value)}`,
      description: value === current ? vscode.l10n.t('your rating') : undefined,
      value,
    }));
    if (current !== undefined) items.push({ label: '', kind: vscode.QuickPickItemKind.Separator }, { label: `$(close) ${vscode.l10n.t('Remove Rating')}` });
    const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Rate "{0}"', target.name), placeHolder: vscode.l10n.t('0.5 to 10') });
    if (!picked) return false;
    return this.saveRating(target, picked.value);
  }

  async removeRating(arg?: unknown): Promise<boolean> {
    const target = this.target(arg);
    if (!target || !(await this.signedIn(vscode.l10n.t('Sign in to TMDB to rate titles.')))) return false;
    return this.saveRating(target, undefined);
  }

  private saveRating(target: Target, value: number | undefined): Promise<boolean> {
    if (target.panel) return target.panel.rate(value);
    const failed = value === undefined ? vscode.l10n.t('TMDB: could not remove your rating of "{0}".', target.name) : vscode.l10n.t('TMDB: could not rate "{0}".', target.name);
    return this.fromTree(Views.rated, () => this.deps.ratings.set(target.kind, target.id, value), failed);
  }

  // ---- lists ------------------------------------------------------------------------------------

  /** Offers the user's lists (those that hold the movie marked) and "New List…"; adds the movie to the one picked. */
  async addToList(arg?: unknown): Promise<boolean> {
    const target = this.target(arg);
    if (!target) return false;
    if (target.kind !== 'movie') {
      void vscode.window.showInformationMessage(
        vscode.l10n.t("TMDB's lists hold movies only, so a series cannot be added to one (lists with series need TMDB's newer v4 lists)."),
      );
      return false;
    }
    if (!(await this.signedIn(vscode.l10n.t('Sign in to TMDB to edit your lists.')))) return false;
    const picked = await this.pickList(target, vscode.l10n.t('Add "{0}" to a list', target.name), true);
    if (!picked) return false;
    if (picked === 'new') return this.newList(target);
    if (picked.holds) {
      const remove = vscode.l10n.t('Remove from "{0}"', picked.list.name);
      const choice = await vscode.window.showInformationMessage(vscode.l10n.t('"{0}" is in "{1}" already.', target.name, picked.list.name), remove);
      return choice === remove ? this.setListItem(picked.list, target, false) : false;
    }
    return this.setListItem(picked.list, target, true);
  }

  /** From a list's row in My Lists, or a list picked among those holding the active panel's movie. */
  async removeFromList(arg?: unknown): Promise<boolean> {
    if (arg instanceof ListItemNode) return this.setListItem(arg.list, { kind: 'movie', id: arg.summary.id, name: String(arg.label) }, false);
    const target = this.target(arg);
    if (!target || target.kind !== 'movie' || !(await this.signedIn(vscode.l10n.t('Sign in to TMDB to edit your lists.')))) return false;
    const picked = await this.pickList(target, vscode.l10n.t('Remove "{0}" from a list', target.name), false);
    return picked && picked !== 'new' ? this.setListItem(picked.list, target, false) : false;
  }

  /** Asks for a name (and a description), makes the list, and puts the movie in it when there is one. */
  async newList(target?: Target): Promise<boolean> {
    if (!(await this.signedIn(vscode.l10n.t('Sign in to TMDB to edit your lists.')))) return false;
    const name = await vscode.window.showInputBox({
      title: vscode.l10n.t('New TMDB List'),
      prompt: vscode.l10n.t("The list's name"),
      ignoreFocusOut: true,
      validateInput: (value) => (value.trim() ? undefined : vscode.l10n.t('A list needs a name.')),
    });
    if (!name?.trim()) return false;
    const description = await vscode.window.showInputBox({
      title: vscode.l10n.t('New TMDB List'),
      prompt: vscode.l10n.t('A description (optional)'),
      ignoreFocusOut: true,
    });
    if (description === undefined) return false;
    let listId: string;
    try {
      listId = await vscode.window.withProgress({ location: { viewId: Views.lists } }, () => this.deps.listService.create(name.trim(), description.trim()));
    } catch (error) {
      this.deps.log.error('lists', 'could not create a list', error);
      void vscode.window.showErrorMessage(`${vscode.l10n.t('TMDB: could not create the list "{0}".', name.trim())} ${userMessage(error)}`);
      return false;
    }
    if (!target) {
      void vscode.window.showInformationMessage(vscode.l10n.t('TMDB: created the list "{0}".', name.trim()));
      return true;
    }
    return this.setListItem({ id: listId, name: name.trim() }, target, true);
  }

  private async setListItem(list: Pick<ListSummary, 'id' | 'name'>, target: Target, present: boolean): Promise<boolean> {
    const failed = present
      ? vscode.l10n.t('TMDB: could not add "{0}" to "{1}".', target.name, list.name)
      : vscode.l10n.t('TMDB: could not remove "{0}" from "{1}".', target.name, list.name);
    const done = await this.fromTree(Views.lists, () => this.deps.listService.set(list.id, target.id, present), failed);
    if (!done) return false;
    const undo = vscode.l10n.t('Undo');
    const message = present
      ? vscode.l10n.t('TMDB: added "{0}" to "{1}".', target.name, list.name)
      : vscode.l10n.t('TMDB: removed "{0}" from "{1}".', target.name, list.name);
    void vscode.window.showInformationMessage(message, undo).then((choice) => {
      if (choice === undo) void this.setListItem(list, target, !present);
    });
    return true;
  }

  /**
   * The user's lists in a quick pick, each marked once TMDB says whether it holds the movie (one
   * `item_status` a list, side by side). `withNew` adds "New List…"; without it, only lists that hold it.
   */
  private async pickList(target: Target, title: string, withNew: boolean): Promise<'new' | { list: ListSummary; holds: boolean } | undefined> {
    const pick = vscode.window.createQuickPick<ListPick>();
    pick.title = title;
    pick.placeholder = vscode.l10n.t('Loading your lists…');
    pick.busy = true;
    pick.matchOnDescription = true;
    const newItem: ListPick = { label: `$(add) ${vscode.l10n.t('New List…')}`, alwaysShow: true };
    const rows = (lists: ListSummary[], holds: Map<string, boolean>): ListPick[] => [
      ...(withNew ? [newItem] : []),
      ...lists
        .filter((list) => withNew || holds.get(list.id))
        .map((list) => ({
          label: list.name || vscode.l10n.t('List {0}', list.id),
          description: holds.get(list.id) ? `$(check) ${vscode.l10n.t('holds this movie')}` : undefined,
          detail: list.description || undefined,
          list,
          holds: holds.get(list.id) ?? false,
        })),
    ];
    const chosen = new Promise<ListPick | undefined>((resolve) => {
      pick.onDidAccept(() => resolve(pick.selectedItems[0]));
      pick.onDidHide(() => resolve(undefined));
    });
    pick.items = withNew ? [newItem] : [];
    pick.show();
    try {
      const lists = await this.deps.listService.ownLists();
      const holds = new Map<string, boolean>();
      pick.items = withNew ? rows(lists, holds) : [];
      await Promise.all(lists.map(async (list) => holds.set(list.id, await this.deps.listService.holds(list.id, target.id).catch(() => false))));
      const active = pick.activeItems[0];
      pick.items = rows(lists, holds);
      const again = pick.items.find((item) => item.list?.id === active?.list?.id && item.label === active?.label);
      if (again) pick.activeItems = [again];
      pick.placeholder = lists.length ? vscode.l10n.t('Choose a list') : vscode.l10n.t('You have no lists yet');
      if (!withNew && pick.items.length === 0) pick.placeholder = vscode.l10n.t('None of your lists holds this movie');
    } catch (error) {
      this.deps.log.error('lists', 'could not read the lists', error);
      pick.hide();
      void vscode.window.showErrorMessage(`${vscode.l10n.t('TMDB: could not read your lists.')} ${userMessage(error)}`);
      return undefined;
    } finally {
      pick.busy = false;
    }
    const item = await chosen;
    pick.dispose();
    if (!item) return undefined;
    return item.list ? { list: item.list, holds: item.holds ?? false } : 'new';
  }
}
