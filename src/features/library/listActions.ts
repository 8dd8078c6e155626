// Editing the user's lists from anywhere: Add to List… (the lists that hold the movie marked, and
// "New List…"), Remove from List…, New List…, each change confirmed by TMDB and offered back as Undo.
// A panel's own button calls `addToList` directly; the commands call it with the title they resolved.
import * as vscode from 'vscode';
import { notifyError, notifyInfo } from '../../kit/notify';
import type { ListService } from '../../account/listService';
import { ensureSignedIn } from '../../auth/askToSignIn';
import type { Credentials } from '../../auth/credentials';
import { Views } from '../../common/ids';
import { pickText } from '../../common/plainText';
import type { Logger } from '../../kit/log';
import { userMessage } from '../../tmdb/errors';
import type { ListSummary, MediaKind } from '../../tmdb/schemas';

/** How long an Undo of a list change undoes it. */
const UNDO_MS = 10 * 60_000;

export interface ListActionDeps {
  credentials: Credentials;
  listService: ListService;
  log: Logger;
  /** Says that `what` needs TMDB's v4 sign-in, with Sign In Again (../../auth/auth). */
  needsV4: (what: string) => Promise<void>;
}

/** The movie or series an action is about. */
export interface TitleTarget {
  kind: MediaKind;
  id: number;
  name: string;
}

interface ListPick extends vscode.QuickPickItem {
  list?: ListSummary;
  holds?: boolean;
}

/** Runs a write with a view's progress bar; says what failed. Resolves to whether it was done. */
export async function writeWithProgress(
  viewId: string,
  write: () => Promise<void>,
  failed: string,
  log: Logger,
): Promise<boolean> {
  try {
    await vscode.window.withProgress({ location: { viewId } }, write);
    return true;
  } catch (error) {
    log.error('account', failed, error);
    void notifyError(`${failed} ${userMessage(error)}`);
    return false;
  }
}

export class ListActions {
  constructor(private readonly deps: ListActionDeps) {}

  private signedIn(): Promise<boolean> {
    return ensureSignedIn(this.deps.credentials, vscode.l10n.t('Sign in to TMDB to edit your lists.'));
  }

  /** Offers the user's lists (those that hold the title marked) and "New List…"; adds the title to the one picked. */
  async addToList(target: TitleTarget): Promise<boolean> {
    if (!(await this.signedIn())) return false;
    if (target.kind === 'tv' && !(await this.deps.listService.isV4())) {
      // v3 lists hold movies only; TMDB's v4 lists take series too.
      void this.deps.needsV4(vscode.l10n.t('Putting a series in a list'));
      return false;
    }
    const picked = await this.pickList(target, vscode.l10n.t('Add "{0}" to a list', pickText(target.name)), true);
    if (!picked) return false;
    if (picked === 'new') return this.newList(target);
    if (picked.holds) {
      const remove = vscode.l10n.t('Remove from "{0}"', picked.list.name);
      const choice = await notifyInfo(
        vscode.l10n.t('"{0}" is in "{1}" already.', target.name, picked.list.name),
        remove,
      );
      return choice === remove ? this.putInList(picked.list, target, false) : false;
    }
    return this.putInList(picked.list, target, true);
  }

  /** A list picked among those holding the title, and the title taken out of it. */
  async removeFromList(target: TitleTarget): Promise<boolean> {
    if (!(await this.signedIn())) return false;
    if (target.kind === 'tv' && !(await this.deps.listService.isV4())) {
      void this.deps.needsV4(vscode.l10n.t('Putting a series in a list'));
      return false;
    }
    const picked = await this.pickList(target, vscode.l10n.t('Remove "{0}" from a list', pickText(target.name)), false);
    return picked && picked !== 'new' ? this.putInList(picked.list, target, false) : false;
  }

  /** Asks for a name (and a description), makes the list, and puts the movie in it when there is one. */
  async newList(target?: TitleTarget): Promise<boolean> {
    if (!(await this.signedIn())) return false;
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
    // Only TMDB's v4 lists can be private.
    const isPublic = (await this.deps.listService.isV4()) ? await pickVisibility(true) : true;
    if (isPublic === undefined) return false;
    let listId: string;
    try {
      listId = await vscode.window.withProgress({ location: { viewId: Views.lists } }, () =>
        this.deps.listService.create(name.trim(), description.trim(), isPublic),
      );
    } catch (error) {
      this.deps.log.error('lists', 'could not create a list', error);
      void notifyError(`${vscode.l10n.t('TMDB: could not create the list "{0}".', name.trim())} ${userMessage(error)}`);
      return false;
    }
    if (!target) {
      void notifyInfo(vscode.l10n.t('TMDB: created the list "{0}".', name.trim()));
      return true;
    }
    return this.putInList({ id: listId, name: name.trim() }, target, true);
  }

  /** Puts a title into a list or takes it out, with Undo. */
  async putInList(list: Pick<ListSummary, 'id' | 'name'>, target: TitleTarget, present: boolean): Promise<boolean> {
    const failed = present
      ? vscode.l10n.t('TMDB: could not add "{0}" to "{1}".', target.name, list.name)
      : vscode.l10n.t('TMDB: could not remove "{0}" from "{1}".', target.name, list.name);
    const done = await writeWithProgress(
      Views.lists,
      () => this.deps.listService.set(list.id, target, present),
      failed,
      this.deps.log,
    );
    if (!done) return false;
    const undo = vscode.l10n.t('Undo');
    const message = present
      ? vscode.l10n.t('TMDB: added "{0}" to "{1}".', target.name, list.name)
      : vscode.l10n.t('TMDB: removed "{0}" from "{1}".', target.name, list.name);
    // The Undo stays in the notification centre: pressed after the list changed again (from anywhere) or
    // after UNDO_MS, it would act on a list that is no longer the one it undoes. It says so instead.
    const offered = Date.now();
    let changedSince = false;
    const watching = this.deps.listService.onDidChange(({ listId }) => {
      if (listId === list.id) changedSince = true;
    });
    void notifyInfo(message, undo).then((choice) => {
      watching.dispose();
      if (choice !== undo) return;
      if (changedSince || Date.now() - offered > UNDO_MS) {
        void notifyInfo(
          changedSince
            ? vscode.l10n.t('TMDB: "{0}" has changed since; nothing was undone.', list.name)
            : vscode.l10n.t('TMDB: that Undo has expired; nothing was undone.'),
        );
        return;
      }
      void this.putInList(list, target, !present);
    });
    return true;
  }

  /**
   * The user's lists in a quick pick, each marked once TMDB says whether it holds the title (one
   * `item_status` a list, side by side). `withNew` adds "New List…"; without it, only lists that hold it.
   */
  private async pickList(
    target: TitleTarget,
    title: string,
    withNew: boolean,
  ): Promise<'new' | { list: ListSummary; holds: boolean } | undefined> {
    const pick = vscode.window.createQuickPick<ListPick>();
    try {
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
            // A list's name and description are the person's words: shown as text, never as icons.
            label: pickText(list.name) || vscode.l10n.t('List {0}', list.id),
            description: [
              holds.get(list.id) ? `$(check) ${vscode.l10n.t('holds this title')}` : undefined,
              list.public === false ? `$(lock) ${vscode.l10n.t('private')}` : undefined,
            ]
              .filter(Boolean)
              .join('  '),
            detail: pickText(list.description) || undefined,
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
        await Promise.all(
          lists.map(async (list) =>
            holds.set(list.id, await this.deps.listService.holds(list.id, target).catch(() => false)),
          ),
        );
        const active = pick.activeItems[0];
        pick.items = rows(lists, holds);
        const again = pick.items.find((item) => item.list?.id === active?.list?.id && item.label === active?.label);
        if (again) pick.activeItems = [again];
        pick.placeholder = lists.length ? vscode.l10n.t('Choose a list') : vscode.l10n.t('You have no lists yet');
        if (!withNew && pick.items.length === 0)
          pick.placeholder = vscode.l10n.t('None of your lists holds this title');
      } catch (error) {
        this.deps.log.error('lists', 'could not read the lists', error);
        void notifyError(`${vscode.l10n.t('TMDB: could not read your lists.')} ${userMessage(error)}`);
        return undefined;
      } finally {
        pick.busy = false;
      }
      const item = await chosen;
      if (!item) return undefined;
      return item.list ? { list: item.list, holds: item.holds ?? false } : 'new';
    } finally {
      // Hidden and disposed on every way out, a read error included.
      pick.dispose();
    }
  }
}

/** Public or private, for a new v4 list or a change; resolves to `true` for public, undefined when dismissed. */
export async function pickVisibility(current: boolean | undefined): Promise<boolean | undefined> {
  const items: Array<vscode.QuickPickItem & { isPublic: boolean }> = [
    {
      label: `$(unlock) ${vscode.l10n.t('Public')}`,
      description: vscode.l10n.t('anyone on TMDB can see it'),
      isPublic: true,
    },
    {
      label: `$(lock) ${vscode.l10n.t('Private')}`,
      description: vscode.l10n.t('only you can see it'),
      isPublic: false,
    },
  ];
  const picked = await vscode.window.showQuickPick(current === false ? [items[1]!, items[0]!] : items, {
    title: vscode.l10n.t('Who can see the list?'),
    ignoreFocusOut: true,
  });
  return picked?.isPublic;
}
