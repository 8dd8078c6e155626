// What an import writes, by where it goes: ratings and the watchlist a title at a time (side by side, at
// the client's pace), a v4 list twenty titles a request (TMDB answers row by row), a v3 list a movie at a
// time. A title TMDB refuses is a failure with TMDB's reason; TMDB out of reach leaves the title to do
// (./importJob's Left), and the run stops. No vscode import.
import * as l10n from '@vscode/l10n';
import type { ListService } from '../../account/listService';
import type { TmdbClient } from '../../tmdb/client';
import { DUPLICATE_ENTRY, isTmdbError, userMessage } from '../../tmdb/errors';
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

export function writerFor(client: TmdbClient, lists: ListService, target: ImportTarget): Writer {
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
        await client.setRating(item.kind, item.id, item.rating);
      });
    case 'watchlist':
      return each((item) => client.setFlag('watchlist', item.kind, item.id, true));
    case 'list':
      return async (items) => {
        if (!(await lists.isV4())) {
          return each(async (item) => {
            if (item.kind === 'tv') throw seriesInV3();
            await client.setListItem(target.listId, item.id, true).catch((error: unknown) => {
              if (!(isTmdbError(error) && error.statusCode === DUPLICATE_ENTRY)) throw error;
            });
          })(items);
        }
        // One request for the batch: if it fails, the batch is left to do (./importJob).
        const outcome = await client.lists4.editItems(target.listId, 'POST', items);
        // A row refused is most often a title already in the list: what was asked, unless the list says otherwise.
        return Promise.all(
          items.map(async (item) =>
            outcome.done.includes(item) || (await client.lists4.holds(target.listId, item))
              ? undefined
              : l10n.t('TMDB did not add it to the list'),
          ),
        );
      };
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
