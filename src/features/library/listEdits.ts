// Editing a TMDB v4 list as a whole (Edit List…: rename, describe, public or private, sort, clear,
// delete) and an item's comment (Edit Comment…), from a list's row in My Lists or the palette. Each
// change is TMDB's answer, said in the status bar; clearing and deleting ask first, naming the list.
// An older sign-in (v3 lists) is told what the v4 sign-in adds, with the way there.
import { V4_LIST_SORTS } from '../../tmdb/listSorts';
import * as vscode from 'vscode';
import type { ListService } from '../../account/listService';
import { ensureSignedIn } from '../../auth/askToSignIn';
import type { Credentials } from '../../auth/credentials';
import { Views } from '../../common/ids';
import { pickText } from '../../common/plainText';
import type { Logger } from '../../kit/log';
import { askAbout } from '../../kit/notify';
import type { TmdbClient } from '../../tmdb/client';
import { firstPages } from '../../tmdb/paging';
import type { ListSummary, V4ListItem, V4ListSort } from '../../tmdb/schemas';
import { ListItemNode, ListNode } from '../../tree/nodes';
import { titleOf } from '../../model/titles';
import { writeWithProgress } from './listActions';

export interface ListEditDeps {
  client: TmdbClient;
  credentials: Credentials;
  listService: ListService;
  log: Logger;
  needsV4: (what: string) => Promise<void>;
}

type Edit = 'rename' | 'describe' | 'visibility' | 'sort' | 'clear' | 'delete';

/** What the picker calls each sort TMDB's v4 lists accept (offered in the order of V4_LIST_SORTS). */
const SORT_LABELS: Record<V4ListSort, () => string> = {
  'original_order.asc': () => vscode.l10n.t('In the order added'),
  'original_order.desc': () => vscode.l10n.t('Latest added first'),
  'title.asc': () => vscode.l10n.t('Title, A to Z'),
  'title.desc': () => vscode.l10n.t('Title, Z to A'),
  'primary_release_date.desc': () => vscode.l10n.t('Newest release first'),
  'primary_release_date.asc': () => vscode.l10n.t('Oldest release first'),
  'vote_average.desc': () => vscode.l10n.t('Highest user score first'),
  'vote_average.asc': () => vscode.l10n.t('Lowest user score first'),
};

/** How many pages of a list the comment picker reads (20 a page). */
const MAX_ITEM_PAGES = 5;

export class ListEdits {
  constructor(private readonly deps: ListEditDeps) {}

  /** Signed in with v4 lists, or says what is missing. */
  private async ready(what: string): Promise<boolean> {
    if (!(await ensureSignedIn(this.deps.credentials, vscode.l10n.t('Sign in to TMDB to edit your lists.'))))
      return false;
    if (await this.deps.listService.isV4()) return true;
    void this.deps.needsV4(what);
    return false;
  }

  /** Edit List…: from a list's row, or a list picked in the palette; then what to change. */
  async editList(arg?: unknown): Promise<boolean> {
    if (!(await this.ready(vscode.l10n.t('Editing a list')))) return false;
    const list = arg instanceof ListNode ? arg.list : await this.pickOwnList(vscode.l10n.t('Edit which list?'));
    if (!list) return false;
    const edit = await this.pickEdit(list);
    return edit ? this.apply(list, edit) : false;
  }

  private async pickEdit(list: ListSummary): Promise<Edit | undefined> {
    const items: Array<vscode.QuickPickItem & { edit: Edit }> = [
      { label: `$(edit) ${vscode.l10n.t('Rename…')}`, edit: 'rename' },
      { label: `$(note) ${vscode.l10n.t('Edit Description…')}`, edit: 'describe' },
      list.public === false
        ? { label: `$(unlock) ${vscode.l10n.t('Make Public')}`, edit: 'visibility' }
        : { label: `$(lock) ${vscode.l10n.t('Make Private')}`, edit: 'visibility' },
      { label: `$(list-ordered) ${vscode.l10n.t('Sort By…')}`, edit: 'sort' },
      { label: `$(clear-all) ${vscode.l10n.t('Clear…')}`, edit: 'clear' },
      { label: `$(trash) ${vscode.l10n.t('Delete…')}`, edit: 'delete' },
    ];
    const picked = await vscode.window.showQuickPick(items, {
      // The list's name is the person's words: shown as text, never as icons.
      title: vscode.l10n.t('Edit "{0}"', pickText(list.name)),
    });
    return picked?.edit;
  }

  private async apply(list: ListSummary, edit: Edit): Promise<boolean> {
    const name = list.name;
    switch (edit) {
      case 'rename': {
        const renamed = await vscode.window.showInputBox({
          title: vscode.l10n.t('Rename "{0}"', pickText(name)),
          value: name,
          validateInput: (value) => (value.trim() ? undefined : vscode.l10n.t('A list needs a name.')),
        });
        if (!renamed?.trim() || renamed.trim() === name) return false;
        return this.write(
          list,
          { name: renamed.trim() },
          vscode.l10n.t('TMDB: renamed "{0}" to "{1}".', pickText(name), pickText(renamed.trim())),
        );
      }
      case 'describe': {
        const description = await vscode.window.showInputBox({
          title: vscode.l10n.t('Description of "{0}"', pickText(name)),
          value: list.description,
          prompt: vscode.l10n.t('Leave it empty for no description.'),
        });
        if (description === undefined || description.trim() === list.description) return false;
        return this.write(
          list,
          { description: description.trim() },
          vscode.l10n.t('TMDB: changed the description of "{0}".', pickText(name)),
        );
      }
      case 'visibility': {
        // The item picked said which way ("Make Private" or "Make Public"): done without asking again.
        const isPublic = list.public === false;
        const said = isPublic
          ? vscode.l10n.t('TMDB: "{0}" is public now.', pickText(name))
          : vscode.l10n.t('TMDB: "{0}" is private now.', pickText(name));
        return this.write(list, { public: isPublic }, said);
      }
      case 'sort': {
        const current = await this.currentSort(list.id);
        const picked = await vscode.window.showQuickPick(
          V4_LIST_SORTS.map((sort) => ({
            label: SORT_LABELS[sort](),
            description: sort === current ? `$(check) ${vscode.l10n.t('current')}` : undefined,
            sort,
          })),
          { title: vscode.l10n.t('Sort "{0}"', pickText(name)) },
        );
        if (!picked || picked.sort === current) return false;
        return this.write(
          list,
          { sortBy: picked.sort },
          vscode.l10n.t('TMDB: "{0}" is sorted: {1}.', pickText(name), picked.label),
        );
      }
      case 'clear':
        return this.clear(list);
      case 'delete':
        return this.delete(list);
    }
  }

  private async currentSort(listId: string): Promise<V4ListSort | undefined> {
    try {
      return (await this.deps.client.lists4.list(listId)).sort_by as V4ListSort;
    } catch {
      return undefined;
    }
  }

  private async write(
    list: ListSummary,
    changes: Parameters<ListService['update']>[1],
    done: string,
  ): Promise<boolean> {
    const ok = await writeWithProgress(
      Views.lists,
      () => this.deps.listService.update(list, changes),
      vscode.l10n.t('TMDB: could not change the list "{0}".', list.name),
      this.deps.log,
    );
    if (ok) say(done);
    return ok;
  }

  private async clear(list: ListSummary): Promise<boolean> {
    let removed = 0;
    const ok = await this.irreversible(
      {
        question: vscode.l10n.t('Remove every title from this list?'),
        subject: [vscode.l10n.t('List'), list.name],
        detail:
          list.item_count === 1
            ? vscode.l10n.t('Its one title goes; the list stays. TMDB cannot undo this.')
            : vscode.l10n.t('Its {0} titles go; the list stays. TMDB cannot undo this.', list.item_count),
        button: vscode.l10n.t('Clear List'),
        failed: vscode.l10n.t('TMDB: could not clear the list "{0}".', list.name),
      },
      async () => void (removed = await this.deps.listService.clear(list.id)),
    );
    if (ok)
      say(
        removed === 1
          ? vscode.l10n.t('TMDB: removed 1 title from "{0}".', pickText(list.name))
          : vscode.l10n.t('TMDB: removed {0} titles from "{1}".', removed, pickText(list.name)),
      );
    return ok;
  }

  private async delete(list: ListSummary): Promise<boolean> {
    const ok = await this.irreversible(
      {
        question: vscode.l10n.t('Delete this list?'),
        subject: [vscode.l10n.t('List'), list.name],
        detail:
          list.item_count === 1
            ? vscode.l10n.t('The list and its one title go. TMDB cannot undo this.')
            : vscode.l10n.t('The list and its {0} titles go. TMDB cannot undo this.', list.item_count),
        button: vscode.l10n.t('Delete List'),
        failed: vscode.l10n.t('TMDB: could not delete the list "{0}".', list.name),
      },
      () => this.deps.listService.delete(list.id),
    );
    if (ok) say(vscode.l10n.t('TMDB: deleted the list "{0}".', pickText(list.name)));
    return ok;
  }

  /** A change TMDB cannot undo: asked in a modal (the list named on a line of its own), then written with the view's progress. */
  private async irreversible(
    ask: Parameters<typeof askAbout>[0] & { button: string; failed: string },
    write: () => Promise<void>,
  ): Promise<boolean> {
    // Keep List first: a modal's first button is its default, so Enter (or a hurried click) keeps the list.
    if ((await askAbout(ask, vscode.l10n.t('Keep List'), ask.button)) !== ask.button) return false;
    return writeWithProgress(Views.lists, write, ask.failed, this.deps.log);
  }

  /** Edit Comment…: from an item's row in a v4 list, or a list and an item picked in the palette. */
  async editComment(arg?: unknown): Promise<boolean> {
    if (!(await this.ready(vscode.l10n.t('A comment on a title in a list')))) return false;
    let list: ListSummary | undefined;
    let item: { kind: 'movie' | 'tv'; id: number; name: string; comment: string } | undefined;
    if (arg instanceof ListItemNode) {
      list = arg.list;
      item = { kind: arg.kind, id: arg.summary.id, name: String(arg.label), comment: arg.comment };
    } else {
      list = await this.pickOwnList(vscode.l10n.t('Comment on a title in which list?'));
      if (list) item = await this.pickItem(list);
    }
    if (!list || !item) return false;
    const comment = await vscode.window.showInputBox({
      title: vscode.l10n.t('Comment on "{0}" in "{1}"', pickText(item.name), pickText(list.name)),
      value: item.comment,
      prompt: vscode.l10n.t('Leave it empty to remove the comment.'),
    });
    if (comment === undefined || comment.trim() === item.comment) return false;
    const target = list;
    const ok = await writeWithProgress(
      Views.lists,
      () => this.deps.listService.comment(target.id, item, comment.trim()),
      vscode.l10n.t('TMDB: could not save the comment on "{0}".', item.name),
      this.deps.log,
    );
    if (ok) say(vscode.l10n.t('TMDB: saved the comment on "{0}" in "{1}".', pickText(item.name), pickText(list.name)));
    return ok;
  }

  private async pickOwnList(title: string): Promise<ListSummary | undefined> {
    const lists = await this.deps.listService.ownLists().catch((error: unknown) => {
      this.deps.log.error('lists', 'could not read the lists', error);
      return undefined;
    });
    if (!lists) return undefined;
    const picked = await vscode.window.showQuickPick(
      lists.map((list) => ({
        label: pickText(list.name) || vscode.l10n.t('List {0}', list.id),
        description: list.public === false ? `$(lock) ${vscode.l10n.t('private')}` : undefined,
        detail: pickText(list.description) || undefined,
        list,
      })),
      { title, placeHolder: lists.length ? undefined : vscode.l10n.t('You have no lists yet') },
    );
    return picked?.list;
  }

  private async pickItem(list: ListSummary) {
    const pages = await firstPages((page) => this.deps.client.lists4.list(list.id, page), MAX_ITEM_PAGES);
    const items: V4ListItem[] = pages.flatMap((page) => page.results);
    const picked = await vscode.window.showQuickPick(
      items.map((item) => {
        const { name, year } = titleOf(item.media_type, item);
        return {
          label: pickText(name),
          description: [year, item.comment ? `“${pickText(item.comment)}”` : ''].filter(Boolean).join(' · '),
          item: { kind: item.media_type, id: item.id, name, comment: item.comment },
        };
      }),
      { title: vscode.l10n.t('Comment on which title in "{0}"?', pickText(list.name)) },
    );
    return picked?.item;
  }
}

/** How long the status bar says what was done. */
const STATUS_MESSAGE_MS = 8000;

/** The status bar draws `$(name)` as an icon: the names in `text` come through pickText. */
function say(text: string): void {
  vscode.window.setStatusBarMessage(text, STATUS_MESSAGE_MS);
}
