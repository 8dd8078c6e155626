// `tmdb_edit_list`: what Edit List… and Edit Comment… do, for a chat, with the same confirmation as every
// write tool: our words for the change, then the list's name and the title on lines of their own; a
// clear and a delete say TMDB cannot undo them. TMDB's v4 lists only (the sign-in must give them).
import { V4_LIST_SORTS } from '../../tmdb/listSorts';
import * as vscode from 'vscode';
import { Tools } from '../../common/ids';
import type { MediaKind, V4ListSort } from '../../tmdb/schemas';
import {
  confirmation,
  describeTitle,
  idOf,
  InputError,
  listIdOf,
  ownList,
  requireSession,
  tool,
  toolText,
  type Input,
  type ToolDeps,
} from './toolKit';

const ACTIONS = [
  'create',
  'rename',
  'describe',
  'makePublic',
  'makePrivate',
  'sort',
  'clear',
  'delete',
  'remove',
  'comment',
] as const;
type Action = (typeof ACTIONS)[number];
/** A list's name, description or a comment the model writes: as long as TMDB's own fields are kept here. */
const MAX_WORDS = 500;

function words(input: Input, field: string, allowEmpty: boolean): string {
  const value = input[field];
  const text = typeof value === 'string' ? value.trim() : '';
  if ((!text && !allowEmpty) || text.length > MAX_WORDS)
    throw new InputError(
      `"${field}" must be ${allowEmpty ? 'a text' : 'a non-empty text'} of at most ${MAX_WORDS} characters.`,
    );
  return text;
}

export function listTools(deps: ToolDeps) {
  /** What the model asked, read and checked once for both halves: the list, the title, the new words. */
  const read = async (input: Input) => {
    const action = input.action as Action;
    if (!ACTIONS.includes(action))
      throw new InputError(`"action" must be one of ${ACTIONS.map((a) => `"${a}"`).join(', ')}.`);
    await requireSession(deps);
    if (!(await deps.listService.isV4()))
      throw new InputError(
        'This sign-in has TMDB\'s older lists, which this tool does not edit. Ask the user to run "TMDB: Sign In" once more (TMDB\'s v4 approval).',
      );
    if (action === 'create')
      return { action, name: words(input, 'name', false), isPublic: input.public !== false, description: '' };
    const listId = listIdOf(input);
    const list = await ownList(deps, listId);
    if (!list) throw new Error(`The user has no TMDB list ${listId}: read the lists with ${Tools.myLists} first.`);
    const base = { action, list, name: list.name };
    switch (action) {
      case 'rename':
        return { ...base, newName: words(input, 'name', false) };
      case 'describe':
        return { ...base, description: words(input, 'description', true) };
      case 'sort': {
        const sortBy = input.sortBy as V4ListSort;
        if (!V4_LIST_SORTS.includes(sortBy))
          throw new InputError(`"sortBy" must be one of ${V4_LIST_SORTS.map((s) => `"${s}"`).join(', ')}.`);
        return { ...base, sortBy };
      }
      case 'remove':
      case 'comment': {
        const kind: MediaKind = input.seriesId !== undefined ? 'tv' : 'movie';
        const id = idOf(input, kind === 'tv' ? 'seriesId' : 'movieId');
        const comment = action === 'comment' ? words(input, 'comment', true) : '';
        return { ...base, kind, id, title: await describeTitle(deps, kind, id), comment };
      }
      default:
        return base;
    }
  };

  return tool(
    async (input) => {
      const asked = await read(input);
      const list: [string, string] = [vscode.l10n.t('List'), asked.name];
      const sentence = (): [string, ...Array<[string, string]>] => {
        switch (asked.action) {
          case 'create':
            return [
              asked.isPublic
                ? vscode.l10n.t('A new public list will be made on TMDB.')
                : vscode.l10n.t('A new private list will be made on TMDB.'),
              list,
            ];
          case 'rename':
            return [
              vscode.l10n.t('This list will be renamed.'),
              list,
              [vscode.l10n.t('New name'), (asked as { newName: string }).newName],
            ];
          case 'describe':
            return [
              vscode.l10n.t("This list's description will change."),
              list,
              [vscode.l10n.t('Description'), (asked as { description: string }).description],
            ];
          case 'makePublic':
            return [vscode.l10n.t('Anyone on TMDB will be able to see this list.'), list];
          case 'makePrivate':
            return [vscode.l10n.t('Only the user will be able to see this list.'), list];
          case 'sort':
            return [
              vscode.l10n.t('This list will be sorted.'),
              list,
              [vscode.l10n.t('Order'), (asked as { sortBy: string }).sortBy],
            ];
          case 'clear':
            return [vscode.l10n.t('Every title will be taken out of this list. TMDB cannot undo this.'), list];
          case 'delete':
            return [vscode.l10n.t('This list will be deleted with its titles. TMDB cannot undo this.'), list];
          case 'remove':
            return [
              vscode.l10n.t('This title will be taken out of the list.'),
              [vscode.l10n.t('Title'), (asked as { title: string }).title],
              list,
            ];
          case 'comment':
            return [
              vscode.l10n.t('This comment will be saved on the title in the list.'),
              [vscode.l10n.t('Title'), (asked as { title: string }).title],
              list,
              [vscode.l10n.t('Comment'), (asked as { comment: string }).comment],
            ];
        }
      };
      const [words, ...subjects] = sentence();
      return {
        invocationMessage: vscode.l10n.t('Changing your TMDB list…'),
        confirmationMessages: confirmation(vscode.l10n.t('Change a TMDB list?'), words, ...subjects),
      };
    },
    async (input, token) => {
      const asked = await read(input);
      if (token.isCancellationRequested) throw new vscode.CancellationError();
      const lists = deps.listService;
      const quoted = toolText().quoted;
      if (asked.action === 'create') {
        const listId = await lists.create(asked.name, '', asked.isPublic);
        return `Done: the user's new ${asked.isPublic ? 'public' : 'private'} list ${quoted(asked.name)} is list ${toolText().listIdText(listId)}.\n${toolText().ATTRIBUTION}`;
      }
      const { list } = asked as { list: { id: string; name: string } };
      switch (asked.action) {
        case 'rename':
          await lists.update(list, { name: (asked as { newName: string }).newName });
          break;
        case 'describe':
          await lists.update(list, { description: (asked as { description: string }).description });
          break;
        case 'makePublic':
        case 'makePrivate':
          await lists.update(list, { public: asked.action === 'makePublic' });
          break;
        case 'sort':
          await lists.update(list, { sortBy: (asked as { sortBy: V4ListSort }).sortBy });
          break;
        case 'clear':
          await lists.clear(list.id);
          break;
        case 'delete':
          await lists.delete(list.id);
          break;
        case 'remove':
        case 'comment': {
          const { kind, id, comment } = asked as { kind: MediaKind; id: number; comment: string };
          if (asked.action === 'remove') await lists.set(list.id, { kind, id }, false);
          else await lists.comment(list.id, { kind, id }, comment);
          break;
        }
      }
      return `Done: ${asked.action} on the user's list ${quoted(list.name)} (list ${toolText().listIdText(list.id)}).\n${toolText().ATTRIBUTION}`;
    },
  );
}
