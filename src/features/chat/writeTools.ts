// The chat's writing tools: the watchlist, a rating, a movie into a list. Each is confirmed by the person
// first, in the extension's own words, or not run.
import * as vscode from 'vscode';
import { displayLocale } from '../../settings/settings';
import { formatRating } from '../../model/ratings';
import { Tools } from '../../common/ids';
import type { MediaKind } from '../../tmdb/schemas';
import { unlinkedText } from '../../common/plainText';
import {
  confirmation,
  describeTitle,
  idOf,
  InputError,
  kindOf,
  listIdOf,
  oneOf,
  ownList,
  ratingOf,
  requireSession,
  tool,
  toolText,
  type Input,
  type ToolDeps,
} from './toolKit';

export function writeTools(deps: ToolDeps) {
  // A write tool's prepare and invoke name the same change: read by one function each (the title's second
  // read is the cache's). A write is confirmed or not run: what the confirmation cannot name (signed out, a
  // title TMDB does not know, TMDB out of reach) ends the call in prepare, before any dialog.
  const watchlistChange = async (input: Input) => {
    const kind = kindOf(input);
    const id = idOf(input);
    const add = oneOf(input, 'action', ['add', 'remove'] as const, 'add') === 'add';
    await requireSession(deps);
    const [name, on] = await Promise.all([describeTitle(deps, kind, id), deps.watchlist.has(kind, id)]);
    // A change that would change nothing is not one: nothing is asked, and the answer says so.
    return { kind, id, add, name, already: on === add };
  };
  // The changes a confirmation was shown for, till their call runs: a change is written only after one
  // (the state read again when the call runs may differ from the one the confirmation was left out for).
  const confirmed = new Set<string>();
  const watchlist = tool(
    async (input) => {
      const { kind, id, add, name, already } = await watchlistChange(input);
      const key = `${kind}:${id}:${add}`;
      // A confirmation shown for an earlier call that was then cancelled is not this call's.
      confirmed.delete(key);
      if (already)
        return {
          // A string, which a chat shows as Markdown text (syntax escaped, bare addresses still linked): the
          // title after our words, with no link, address or icon left.
          invocationMessage: `${add ? vscode.l10n.t('On your TMDB watchlist already:') : vscode.l10n.t('Not on your TMDB watchlist:')} ${unlinkedText(name)}`,
        };
      confirmed.add(key);
      return {
        invocationMessage: add
          ? vscode.l10n.t('Adding to your TMDB watchlist…')
          : vscode.l10n.t('Removing from your TMDB watchlist…'),
        confirmationMessages: add
          ? confirmation(
              vscode.l10n.t('Add to your TMDB watchlist?'),
              vscode.l10n.t('This title will be added to your TMDB watchlist.'),
              [vscode.l10n.t('Title'), name],
            )
          : confirmation(
              vscode.l10n.t('Remove from your TMDB watchlist?'),
              vscode.l10n.t('This title will be removed from your TMDB watchlist.'),
              [vscode.l10n.t('Title'), name],
            ),
      };
    },
    async (input, token) => {
      const { kind, id, add, name, already } = await watchlistChange(input);
      if (token.isCancellationRequested) throw new vscode.CancellationError();
      const asked = confirmed.delete(`${kind}:${id}:${add}`);
      if (already)
        return `Nothing to do: ${toolText().quoted(name)} (${kind} ${id}) is ${add ? 'already on' : 'not on'} the user's TMDB watchlist; nothing was changed.\n${toolText().ATTRIBUTION}`;
      if (!asked)
        return `Nothing was changed: the user's TMDB watchlist changed while this was asked (${toolText().quoted(name)}, ${kind} ${id}). Call the tool again.\n${toolText().ATTRIBUTION}`;
      await deps.watchlist.set(kind, id, add);
      return `Done: ${toolText().quoted(name)} (${kind} ${id}) is ${add ? 'now on' : 'no longer on'} the user's TMDB watchlist.\n${toolText().ATTRIBUTION}`;
    },
  );

  const rating = async (input: Input) => {
    const kind = kindOf(input);
    const id = idOf(input);
    const value = ratingOf(input);
    await requireSession(deps);
    return { kind, id, value, name: await describeTitle(deps, kind, id) };
  };
  const rate = tool(
    async (input) => {
      const [{ value, name }, current] = await Promise.all([
        rating(input),
        deps.ratings.ratingOf(kindOf(input), idOf(input)).catch(() => undefined),
      ]);
      // What will change, exactly: a rating replaced says what it was.
      const sentence =
        value === undefined
          ? current === undefined
            ? vscode.l10n.t('Your rating of this title will be removed.')
            : vscode.l10n.t(
                'Your rating of this title ({0} out of 10) will be removed.',
                formatRating(current, displayLocale()),
              )
          : current === undefined
            ? vscode.l10n.t('This title will be rated {0} out of 10.', formatRating(value, displayLocale()))
            : vscode.l10n.t(
                'Your rating of this title will change from {0} to {1} out of 10.',
                formatRating(current, displayLocale()),
                formatRating(value, displayLocale()),
              );
      return {
        invocationMessage:
          value === undefined
            ? vscode.l10n.t('Removing your rating on TMDB…')
            : vscode.l10n.t('Saving your rating on TMDB…'),
        confirmationMessages: confirmation(
          value === undefined ? vscode.l10n.t('Remove your TMDB rating?') : vscode.l10n.t('Rate on TMDB?'),
          sentence,
          [vscode.l10n.t('Title'), name],
        ),
      };
    },
    async (input, token) => {
      const { kind, id, value, name } = await rating(input);
      if (token.isCancellationRequested) throw new vscode.CancellationError();
      await deps.ratings.set(kind, id, value);
      const what = value === undefined ? 'no longer rated by the user' : `rated ${value}/10 by the user`;
      return `Done: ${toolText().quoted(name)} (${kind} ${id}) is ${what} on TMDB.\n${toolText().ATTRIBUTION}`;
    },
  );

  const listAddition = async (input: Input) => {
    const kind: MediaKind = input.seriesId !== undefined ? 'tv' : 'movie';
    const id = idOf(input, kind === 'tv' ? 'seriesId' : 'movieId');
    const listId = listIdOf(input);
    await requireSession(deps);
    if (kind === 'tv' && !(await deps.listService.isV4()))
      throw new InputError(
        'This sign-in lets lists hold movies only. Ask the user to run "TMDB: Sign In" once more (TMDB\'s newer approval) to put series in lists.',
      );
    const [name, list] = await Promise.all([describeTitle(deps, kind, id), ownList(deps, listId)]);
    if (!list) throw new Error(`The user has no TMDB list ${listId}: read the lists with ${Tools.myLists} first.`);
    return { kind, id, listId, list, name };
  };
  const addToList = tool(
    async (input) => {
      const { kind, list, name } = await listAddition(input);
      return {
        invocationMessage: vscode.l10n.t('Adding to your TMDB list…'),
        confirmationMessages: confirmation(
          vscode.l10n.t('Add to a TMDB list?'),
          kind === 'tv'
            ? vscode.l10n.t('This series will be added to one of your TMDB lists.')
            : vscode.l10n.t('This movie will be added to one of your TMDB lists.'),
          [kind === 'tv' ? vscode.l10n.t('Series') : vscode.l10n.t('Movie'), name],
          [vscode.l10n.t('List'), list.name],
        ),
      };
    },
    async (input, token) => {
      const { kind, id, listId, list, name } = await listAddition(input);
      if (token.isCancellationRequested) throw new vscode.CancellationError();
      await deps.listService.set(listId, { kind, id }, true);
      return `Done: ${toolText().quoted(name)} (${kind} ${id}) is in the user's list ${toolText().quoted(list.name)} (list ${toolText().listIdText(list.id)}).\n${toolText().ATTRIBUTION}`;
    },
  );

  return { watchlist, rate, addToList };
}
