// What an import writes, by where it goes: ratings and the watchlist a title at a time (side by side, at
// the client's pace), a v4 list twenty titles a request (TMDB answers row by row), a v3 list a movie at a
// time. Every write goes through the account's services (src/account), as a page's or a row's does, so an
// open page, the views, the cards and the pickers follow it at once. A title TMDB refuses is a failure with
// TMDB's reason; TMDB out of reach leaves the title to do (./importJob's Left), and the run stops. No vscode
// import.
import * as l10n from '@vscode/l10n';
import type { ListService } from '../../account/listService';
import type { RatingService } from '../../account/ratingService';
import type { TitleFlagService } from '../../account/titleFlags';
import { isTmdbError, userMessage } from '../../tmdb/errors';
import type { ImportTarget, JobItem, Writer } from './importJob';

/** Failures that say nothing of the title: the run stops, and the title waits for a resume. */
const TRANSIENT = new Set([
  'offline',
  'timeout',
  'rateLimited',
  'server',
  'cancelled',
  'signedOut',
  'sessionRevoked',
  'notSent',
]);

/** The account's writers an import uses (the services every other writer uses too). */
export interface ImportAccount {
  ratings: Pick<RatingService, 'set'>;
  watchlist: Pick<TitleFlagService, 'set'>;
  lists: Pick<ListService, 'isV4' | 'set' | 'addMany'>;
}

export function writerFor(account: ImportAccount, target: ImportTarget): Writer {
  const each =
    (write: (item: JobItem) => Promise<unknown>): Writer =>
    (items) =>
      Promise.all(
        items.map(async (item) => {
          try {
            await write(item);
            return undefined;
          } catch (error) {
            if (error instanceof TitleFailure) return error.message;
            if (!isTmdbError(error) || TRANSIENT.has(error.kind)) return { left: error };
            return userMessage(error);
          }
        }),
      );
  switch (target.kind) {
    case 'rated':
      return each(async (item) => {
        if (item.rating === undefined) throw noRating();
        await account.ratings.set(item.kind, item.id, item.rating);
      });
    case 'watchlist':
      return each((item) => account.watchlist.set(item.kind, item.id, true));
    case 'list':
      return async (items) => {
        if (!(await account.lists.isV4())) {
          return each(async (item) => {
            if (item.kind === 'tv') throw seriesInV3();
            await account.lists.set(target.listId, item, true);
          })(items);
        }
        // One request for the batch: if it fails, the batch is left to do (./importJob).
        const key = (item: { kind: string; id: number }) => `${item.kind}:${item.id}`;
        const refused = new Set((await account.lists.addMany(target.listId, items)).map(key));
        return items.map((item) => (refused.has(key(item)) ? l10n.t('TMDB did not add it to the list') : undefined));
      };
    case 'watched':
      // Marked at once by ./importWatched, never a job (./importJob's storedJob reads none back).
      throw new Error('an import into what was watched is not written as a job');
  }
}

/** A failure of the title itself (thrown inside `each`, read as its reason). */
class TitleFailure extends Error {}

function noRating() {
  return new TitleFailure(l10n.t('the file gives it no rating'));
}

function seriesInV3() {
  return new TitleFailure(l10n.t("this sign-in's lists hold movies only"));
}
