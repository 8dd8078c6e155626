// Hover cards over a TMDB or IMDb reference in any text: read from TMDB when the mouse rests on it (not
// while the person types), through the client's cache, so a title is asked about once and its page opens
// from the same answer. A card's links are our own commands only; TMDB's words in it are inert.
import * as vscode from 'vscode';
import type { Credentials } from '../../auth/credentials';
import type { Logger } from '../../kit/log';
import type { TmdbClient } from '../../tmdb/client';
import { isTmdbError, userMessage } from '../../tmdb/errors';
import { displayLocale, type Settings } from '../../settings/settings';
import { markdownText } from '../../common/plainText';
import { CARD_COMMANDS, hoverCard, pictureOf, type CardAccount } from './hoverCard';
import { pictureSource } from './hoverPicture';
import { refAtPosition } from './links';
import type { LinkedRef, TitleLookup } from './lookup';

export interface HoverDeps {
  client: Pick<TmdbClient, 'accountStates'>;
  credentials: Credentials;
  lookup: TitleLookup;
  settings: () => Settings;
  log: Logger;
}

/** A card's Markdown as VS Code is to show it: our commands enabled, no HTML, no icons. */
export function cardMarkdown(value: string): vscode.MarkdownString {
  const markdown = new vscode.MarkdownString(value, false);
  markdown.isTrusted = { enabledCommands: [...CARD_COMMANDS] };
  markdown.supportHtml = false;
  return markdown;
}

/** What a card says when TMDB has no such id: the words the page uses. */
const NOT_FOUND: Record<LinkedRef['kind'], (id: number) => string> = {
  movie: (id) => vscode.l10n.t('TMDB has no movie with id {0}.', id),
  tv: (id) => vscode.l10n.t('TMDB has no series with id {0}.', id),
  person: (id) => vscode.l10n.t('TMDB has no person with id {0}.', id),
  collection: (id) => vscode.l10n.t('TMDB has no collection with id {0}.', id),
};

export class TitleHovers implements vscode.HoverProvider {
  constructor(private readonly deps: HoverDeps) {}

  async provideHover(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.Hover | undefined> {
    // The mouse on the reference's own characters (the one after it is not on it).
    const at = refAtPosition(document, position, false);
    if (!at) return undefined;
    try {
      const ref = await this.deps.lookup.resolve(at.ref.target);
      if (token.isCancellationRequested) return undefined;
      if (!ref) {
        const id = 'imdb' in at.ref.target ? at.ref.target.imdb : '';
        return new vscode.Hover(
          cardMarkdown(markdownText(vscode.l10n.t('TMDB knows no title or person with the IMDb id {0}.', id))),
          at.range,
        );
      }
      const [subject, account] = await Promise.all([this.deps.lookup.subject(ref), this.account(ref)]);
      if (token.isCancellationRequested) return undefined;
      const settings = this.deps.settings();
      const ctx = { locale: displayLocale(), region: settings.region, imageBaseUrl: settings.imageBaseUrl };
      const picture = await pictureSource(pictureOf(subject, ctx));
      if (token.isCancellationRequested) return undefined;
      const card = hoverCard(subject, ctx, account, picture ?? null);
      return new vscode.Hover(cardMarkdown(card), at.range);
    } catch (error) {
      if (isTmdbError(error, 'cancelled')) return undefined;
      this.deps.log.warn('editor', `no card for ${JSON.stringify(at.ref.target)}: ${userMessage(error)}`);
      const target = at.ref.target;
      if (isTmdbError(error, 'notFound') && !('imdb' in target))
        return new vscode.Hover(cardMarkdown(markdownText(NOT_FOUND[target.kind](target.id))), at.range);
      // A card that says why, rather than nothing: the link still opens the page, which offers Retry.
      return new vscode.Hover(
        cardMarkdown(markdownText(vscode.l10n.t('TMDB: could not load this title. {0}', userMessage(error)))),
        at.range,
      );
    }
  }

  /** The person's watchlist and rating of a movie or series, signed in; nothing otherwise, or if TMDB won't say. */
  private async account(ref: LinkedRef): Promise<CardAccount | undefined> {
    if (ref.kind !== 'movie' && ref.kind !== 'tv') return undefined;
    if (!(await this.deps.credentials.currentSession())) return 'signedOut';
    try {
      const states = await this.deps.client.accountStates(ref.kind, ref.id);
      return { watchlist: states.watchlist, rating: states.rated === false ? undefined : states.rated.value };
    } catch (error) {
      this.deps.log.warn('editor', `no account states for ${ref.kind} ${ref.id}: ${userMessage(error)}`);
      return undefined;
    }
  }
}
