// What every TMDB tool of the chat shares (./tools registers them): reading the model's input (a wrong
// field is said back to it plainly), a tool's two halves (prepare names the change, invoke makes it), the
// confirmation's words, and what a model is told of each kind of failure.
import * as vscode from 'vscode';
import type { ListService } from '../../account/listService';
import type { RatingService } from '../../account/ratingService';
import type { TitleFlagService } from '../../account/titleFlags';
import type { Credentials } from '../../auth/credentials';
import type { WatchedMarks } from '../../core/doors';
import type { Settings } from '../../settings/settings';
import type { TmdbClient } from '../../tmdb/client';
import { LIST_ID } from '../../tmdb/constants';
import { isRating } from '../../model/ratings';
import type { MediaKind } from '../../tmdb/schemas';
import { titleOf } from '../../model/titles';
import { isTmdbId } from '../../model/panelRef';
import { Tools } from '../../common/ids';
import { isTmdbError, type TmdbErrorKind } from '../../tmdb/errors';
import { oneLine } from '../../common/plainText';
import { confirmationMarkdown } from './confirmText';
import { toolText } from './deferredPart';

export { toolText };

export interface ToolDeps {
  client: TmdbClient;
  credentials: Credentials;
  watchlist: TitleFlagService;
  ratings: RatingService;
  listService: ListService;
  settings: () => Settings;
  /** What the person watched (features/watched, through the core's doors). */
  watched: () => WatchedMarks;
}

/** Pages of an account list a tool reads (20 a page): the latest 60 of each kind. */
export const ACCOUNT_PAGES = 3;

/** What the model asked that a tool cannot take: said back to it plainly, so it can ask again. */
export class InputError extends Error {}

export type Input = Record<string, unknown>;

export function text(value: string): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(value)]);
}

export function kindOf(input: Input, allowPerson: true): MediaKind | 'person';
export function kindOf(input: Input, allowPerson?: false): MediaKind;
export function kindOf(input: Input, allowPerson = false): MediaKind | 'person' {
  const type = input.type;
  if (type === 'movie' || type === 'tv' || (allowPerson && type === 'person')) return type;
  throw new InputError(`"type" must be ${allowPerson ? '"movie", "tv" or "person"' : '"movie" or "tv"'}.`);
}

export function idOf(input: Input, field = 'id'): number {
  const value = input[field];
  if (isTmdbId(value)) return value;
  throw new InputError(`"${field}" must be a TMDB id (a positive whole number).`);
}

export function oneOf<T extends string>(input: Input, field: string, allowed: readonly T[], fallback: T): T {
  const value = input[field] ?? fallback;
  if (allowed.includes(value as T)) return value as T;
  throw new InputError(`"${field}" must be one of ${allowed.map((a) => `"${a}"`).join(', ')}.`);
}

/** Signed in, or an error the model can act on (ask the person to sign in). */
export async function requireSession(deps: ToolDeps): Promise<void> {
  if (!(await deps.credentials.currentSession())) throw new Error(FAILURES.signedOut);
}

/** A title's name and year for a confirmation (a public read, kept like a page's). */
export async function describeTitle(deps: ToolDeps, kind: MediaKind, id: number): Promise<string> {
  const title = kind === 'movie' ? await deps.client.movie(id) : await deps.client.tvSeries(id);
  const { name, year } = titleOf(kind, title);
  // One line, read left to right as written: no line break or direction override can add or turn a sentence.
  return year ? `${oneLine(name)} (${year})` : oneLine(name);
}

/**
 * A confirmation: our title, the change in our own words, then TMDB's text (a title, a list's name) each on
 * a line of its own, after our label for it: nothing in it can read as part of our sentence. All of it as
 * text (every punctuation mark escaped: no link, bare address, picture or icon).
 */
export function confirmation(
  title: string,
  sentence: string,
  ...subjects: Array<[label: string, text: string]>
): vscode.LanguageModelToolConfirmationMessages {
  return { title, message: new vscode.MarkdownString(confirmationMarkdown(sentence, subjects)) };
}

export function tool(
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
  notSent:
    'Nothing was sent: the user has not allowed the API address in the tmdb.apiBaseUrl setting to receive their TMDB token. Ask them to check that setting.',
};

/**
 * Errors as the model reads them: our sentence for the kind of failure, the endpoint's path (no query, so
 * no secret) and TMDB's own words as one quoted string. Cancellation stays a cancellation.
 */
export async function forModel<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    // Only our own sentence crosses to the chat: no `cause`, which VS Code would send along with the
    // TMDB error's own text and stack.
    // eslint-disable-next-line preserve-caught-error
    if (error instanceof InputError) throw new Error(`Invalid input: ${error.message}`);
    if (!isTmdbError(error)) throw error;
    const said = error.tmdbMessage ? ` TMDB said: ${toolText().quoted(error.tmdbMessage)}` : '';
    // eslint-disable-next-line preserve-caught-error -- as above
    throw new Error(`${FAILURES[error.kind]} (${error.endpoint})${said}`);
  }
}

/** A rating TMDB takes (0.5 to 10 in half steps), or undefined for `"remove": true`. */
export function ratingOf(input: Input): number | undefined {
  if (input.remove === true) return undefined;
  const value = input.rating;
  if (typeof value === 'number' && isRating(value)) return value;
  throw new InputError('"rating" must be 0.5 to 10 in steps of 0.5 (or "remove": true to remove the rating).');
}

export function listIdOf(input: Input): string {
  const value = input.listId;
  const listId = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  if (!LIST_ID.test(listId)) throw new InputError(`"listId" must be a list id from ${Tools.myLists}.`);
  return listId;
}

/** One of the user's own lists (a list id the model made up, or someone else's list, is not one). */
export async function ownList(deps: ToolDeps, listId: string) {
  return (await deps.listService.ownLists()).find((list) => list.id === listId);
}
