// TMDB as language model tools (package.json `languageModelTools`): a chat, or any extension through
// `vscode.lm.invokeTool`, can search, read a title, a person, trending, and the signed-in user's
// watchlist, favorites, ratings and lists, and, once the person confirms what will change, add to or
// remove from the watchlist, rate, and add a movie to a list. Every tool goes through the extension's
// client (its cache, throttle, errors) and its account services (confirmed writes, announced, so the
// views and open pages follow). Answers are built by ./toolText (deferred bundle).
//
// What reaches the person is ours or escaped: titles of confirmations and progress messages carry no
// TMDB text; a confirmation's body names the title as escaped Markdown (no link, no icon). Answers and
// errors are for the model and in English; the confirmations are in the display language.
import * as vscode from 'vscode';
import type { ListService } from '../../account/listService';
import type { RatingService } from '../../account/ratingService';
import type { TitleFlagService } from '../../account/titleFlags';
import type { Credentials } from '../../auth/credentials';
import { deferred } from '../../common/deferred';
import type * as ToolText from './toolText';

/** The chat's slice of the deferred part: the answers' text builders. */
const toolText = (): typeof ToolText => (deferred() as { toolText: typeof ToolText }).toolText;
import { displayLocale, type Settings } from '../../settings/settings';
import type { TmdbClient } from '../../tmdb/client';
import { LIST_ID } from '../../tmdb/constants';
import { formatRating, isRating } from '../../model/ratings';
import { firstPages } from '../../tmdb/paging';
import type { MediaKind, MovieSummary, TvSummary } from '../../tmdb/schemas';
import { titleOf } from '../../model/titles';
import { Tools } from '../../common/ids';
import { isTmdbError, type TmdbErrorKind } from '../../tmdb/errors';

export interface ToolDeps {
  client: TmdbClient;
  credentials: Credentials;
  watchlist: TitleFlagService;
  ratings: RatingService;
  listService: ListService;
  settings: () => Settings;
}

/** Pages of an account list a tool reads (20 a page): the latest 60 of each kind. */
const ACCOUNT_PAGES = 3;

/** What the model asked that a tool cannot take: said back to it plainly, so it can ask again. */
class InputError extends Error {}

type Input = Record<string, unknown>;

function text(value: string): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(value)]);
}

function kindOf(input: Input, allowPerson: true): MediaKind | 'person';
function kindOf(input: Input, allowPerson?: false): MediaKind;
function kindOf(input: Input, allowPerson = false): MediaKind | 'person' {
  const type = input.type;
  if (type === 'movie' || type === 'tv' || (allowPerson && type === 'person')) return type;
  throw new InputError(`"type" must be ${allowPerson ? '"movie", "tv" or "person"' : '"movie" or "tv"'}.`);
}

function idOf(input: Input, field = 'id'): number {
  const value = input[field];
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  throw new InputError(`"${field}" must be a TMDB id (a positive whole number).`);
}

function oneOf<T extends string>(input: Input, field: string, allowed: readonly T[], fallback: T): T {
  const value = input[field] ?? fallback;
  if (allowed.includes(value as T)) return value as T;
  throw new InputError(`"${field}" must be one of ${allowed.map((a) => `"${a}"`).join(', ')}.`);
}

/** Signed in, or an error the model can act on (ask the person to sign in). */
async function requireSession(deps: ToolDeps): Promise<void> {
  if (!(await deps.credentials.currentSession())) throw new Error(FAILURES.signedOut);
}

/** A title's name and year for a confirmation (a public read, kept like a page's). */
async function describeTitle(deps: ToolDeps, kind: MediaKind, id: number): Promise<string> {
  const title = kind === 'movie' ? await deps.client.movie(id) : await deps.client.tvSeries(id);
  const { name, year } = titleOf(kind, title);
  // One line, read left to right as written: no line break or direction override can add or turn a sentence.
  return year ? `${oneLine(name)} (${year})` : oneLine(name);
}

/** A confirmation: our title, and a sentence with TMDB's text in it as text (escaped Markdown: no link, no icon). */
function confirmation(title: string, sentence: string): vscode.LanguageModelToolConfirmationMessages {
  return { title, message: new vscode.MarkdownString().appendText(sentence) };
}

function tool(
  prepare: (input: Input) => vscode.PreparedToolInvocation | Promise<vscode.PreparedToolInvocation>,
  invoke: (input: Input, token: vscode.CancellationToken) => Promise<string>,
): vscode.LanguageModelTool<Input> {
  return {
    prepareInvocation: (options) => forModel(async () => prepare(options.input ?? {})),
    invoke: (options, token) => forModel(async () => text(await invoke(options.input ?? {}, token))),
  };
}

/** What a model is told of each kind of failure, in English, with what to do about it. */
const FAILURES: Record<TmdbErrorKind, string> = {
  unauthorized: 'TMDB refused the API token. Ask the user to run "TMDB: Set API Token".',
  signedOut: 'Not signed in to TMDB. Ask the user to run "TMDB: Sign In" from the Command Palette, then try again.',
  sessionRevoked: 'The TMDB session has ended. Ask the user to sign in again ("TMDB: Sign In").',
  notFound: 'TMDB has no such item (not found).',
  rateLimited: 'TMDB is limiting requests. Try again in a few seconds.',
  badRequest: 'TMDB refused the request as invalid.',
  server: 'TMDB had a server error. Try again later.',
  offline: 'TMDB could not be reached (offline?).',
  timeout: 'TMDB did not answer in time.',
  cancelled: 'Cancelled.',
  invalidResponse: "TMDB's answer could not be read.",
};

/**
 * Errors as the model reads them: our sentence for the kind of failure, the endpoint's path (no query, so
 * no secret) and TMDB's own words as one quoted string. Cancellation stays a cancellation.
 */
async function forModel<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof InputError) throw new Error(`Invalid input: ${error.message}`, { cause: error });
    if (!isTmdbError(error)) throw error;
    const said = error.tmdbMessage ? ` TMDB said: ${toolText().quoted(error.tmdbMessage)}` : '';
    throw new Error(`${FAILURES[error.kind]} (${error.endpoint})${said}`, { cause: error });
  }
}

/** TMDB's text for a confirmation: one line, no direction override. */
function oneLine(text: string): string {
  return text
    .replace(/[\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function registerTools(deps: ToolDeps): vscode.Disposable[] {
  // `engines.vscode` is ^1.95, where the API is final; a fork that lacks it gets no tools, and no error.
  if (typeof vscode.lm?.registerTool !== 'function') return [];

  const search = tool(
    () => ({ invocationMessage: vscode.l10n.t('Searching TMDB…') }),
    async (input) => {
      const query = typeof input.query === 'string' ? input.query.trim() : '';
      if (!query) throw new InputError('"query" must be the words to search for.');
      const only = input.type === undefined || input.type === 'any' ? undefined : kindOf(input, true);
      return toolText().searchText(query, await deps.client.searchMulti(query.slice(0, 200)), only);
    },
  );

  const details = tool(
    () => ({ invocationMessage: vscode.l10n.t('Reading from TMDB…') }),
    async (input) => {
      const kind = kindOf(input, true);
      const id = idOf(input);
      if (kind === 'person') return toolText().personText(await deps.client.person(id), deps.settings());
      // Signed out, account_states fails before any request, and the answer has no account line.
      const states = deps.client.accountStates(kind, id).catch(() => undefined);
      if (kind === 'movie') return toolText().movieText(await deps.client.movie(id), deps.settings(), await states);
      return toolText().seriesText(await deps.client.tvSeries(id), deps.settings(), await states);
    },
  );

  const trending = tool(
    () => ({ invocationMessage: vscode.l10n.t('Reading what is trending on TMDB…') }),
    async (input) => {
      const kind = oneOf(input, 'type', ['movie', 'tv', 'person', 'all'] as const, 'all');
      const window = oneOf(input, 'window', ['day', 'week'] as const, 'week');
      const page = kind === 'person' ? await deps.client.trendingPeople(window) : await deps.client.trendingAll(window);
      return toolText().trendingText(kind, window, page.results);
    },
  );

  const myTitles = tool(
    () => ({ invocationMessage: vscode.l10n.t('Reading your TMDB account…') }),
    async (input) => {
      const collection = oneOf(input, 'collection', ['watchlist', 'favorites', 'rated'] as const, 'watchlist');
      const which = oneOf(input, 'type', ['movie', 'tv', 'both'] as const, 'both');
      await requireSession(deps);
      const kinds: MediaKind[] = which === 'both' ? ['movie', 'tv'] : [which];
      const parts = await Promise.all(
        kinds.map(async (kind) => {
          type Page = { results: Array<MovieSummary | TvSummary>; total_pages: number; total_results: number };
          const read = (page: number): Promise<Page> =>
            collection === 'rated'
              ? deps.client.rated(kind, page)
              : deps.client.flagged(collection === 'favorites' ? 'favorite' : 'watchlist', kind, page);
          const pages = await firstPages(read, ACCOUNT_PAGES);
          return { kind, total: pages[0]!.total_results, items: pages.flatMap((page) => page.results) };
        }),
      );
      return toolText().accountTitlesText(collection, parts);
    },
  );

  const myLists = tool(
    () => ({ invocationMessage: vscode.l10n.t('Reading your TMDB lists…') }),
    async (input) => {
      await requireSession(deps);
      if (input.listId === undefined) return toolText().listsText(await deps.listService.ownLists());
      const listId = listIdOf(input);
      const pages = await firstPages((page) => deps.client.list(listId, page), ACCOUNT_PAGES);
      return toolText().listText(
        pages[0]!,
        pages.flatMap((page) => page.items),
      );
    },
  );

  // A write tool's prepare and invoke name the same change: read by one function each (the title's second
  // read is the cache's). A write is confirmed or not run: what the confirmation cannot name (signed out, a
  // title TMDB does not know, TMDB out of reach) ends the call in prepare, before any dialog.
  const watchlistChange = async (input: Input) => {
    const kind = kindOf(input);
    const id = idOf(input);
    const add = oneOf(input, 'action', ['add', 'remove'] as const, 'add') === 'add';
    await requireSession(deps);
    return { kind, id, add, name: await describeTitle(deps, kind, id) };
  };
  const watchlist = tool(
    async (input) => {
      const { add, name } = await watchlistChange(input);
      return {
        invocationMessage: add
          ? vscode.l10n.t('Adding to your TMDB watchlist…')
          : vscode.l10n.t('Removing from your TMDB watchlist…'),
        confirmationMessages: add
          ? confirmation(
              vscode.l10n.t('Add to your TMDB watchlist?'),
              vscode.l10n.t('Add {0} to your TMDB watchlist.', `“${name}”`),
            )
          : confirmation(
              vscode.l10n.t('Remove from your TMDB watchlist?'),
              vscode.l10n.t('Remove {0} from your TMDB watchlist.', `“${name}”`),
            ),
      };
    },
    async (input, token) => {
      const { kind, id, add, name } = await watchlistChange(input);
      if (token.isCancellationRequested) throw new vscode.CancellationError();
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
            ? vscode.l10n.t('Remove your rating of {0}.', `“${name}”`)
            : vscode.l10n.t(
                'Remove your rating of {0} ({1} out of 10).',
                `“${name}”`,
                formatRating(current, displayLocale()),
              )
          : current === undefined
            ? vscode.l10n.t('Rate {0} {1} out of 10.', `“${name}”`, formatRating(value, displayLocale()))
            : vscode.l10n.t(
                'Change your rating of {0} from {1} to {2} out of 10.',
                `“${name}”`,
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
    const movieId = idOf(input, 'movieId');
    const listId = listIdOf(input);
    await requireSession(deps);
    const [name, list] = await Promise.all([describeTitle(deps, 'movie', movieId), ownList(deps, listId)]);
    if (!list) throw new Error(`The user has no TMDB list ${listId}: read the lists with ${Tools.myLists} first.`);
    return { movieId, listId, list, name };
  };
  const addToList = tool(
    async (input) => {
      const { list, name } = await listAddition(input);
      return {
        invocationMessage: vscode.l10n.t('Adding to your TMDB list…'),
        confirmationMessages: confirmation(
          vscode.l10n.t('Add to a TMDB list?'),
          vscode.l10n.t('Add {0} to your list {1}.', `“${name}”`, `“${oneLine(list.name)}”`),
        ),
      };
    },
    async (input, token) => {
      const { movieId, listId, list, name } = await listAddition(input);
      if (token.isCancellationRequested) throw new vscode.CancellationError();
      await deps.listService.set(listId, movieId, true);
      return `Done: ${toolText().quoted(name)} (movie ${movieId}) is in the user's list ${toolText().quoted(list.name)} (list ${toolText().listIdText(list.id)}).\n${toolText().ATTRIBUTION}`;
    },
  );

  return [
    vscode.lm.registerTool(Tools.search, search),
    vscode.lm.registerTool(Tools.details, details),
    vscode.lm.registerTool(Tools.trending, trending),
    vscode.lm.registerTool(Tools.myTitles, myTitles),
    vscode.lm.registerTool(Tools.myLists, myLists),
    vscode.lm.registerTool(Tools.watchlist, watchlist),
    vscode.lm.registerTool(Tools.rate, rate),
    vscode.lm.registerTool(Tools.addToList, addToList),
  ];
}

/** A rating TMDB takes (0.5 to 10 in half steps), or undefined for `"remove": true`. */
function ratingOf(input: Input): number | undefined {
  if (input.remove === true) return undefined;
  const value = input.rating;
  if (typeof value === 'number' && isRating(value)) return value;
  throw new InputError('"rating" must be 0.5 to 10 in steps of 0.5 (or "remove": true to remove the rating).');
}

function listIdOf(input: Input): string {
  const value = input.listId;
  const listId = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  if (!LIST_ID.test(listId)) throw new InputError(`"listId" must be a list id from ${Tools.myLists}.`);
  return listId;
}

/** One of the user's own lists (a list id the model made up, or someone else's list, is not one). */
async function ownList(deps: ToolDeps, listId: string) {
  return (await deps.listService.ownLists()).find((list) => list.id === listId);
}
