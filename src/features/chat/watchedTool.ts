// The chat's watched marks tool (`tmdb_mark_watched`): a movie, an episode, or a season's aired episodes
// marked watched for the signed-in account, or the marks taken off. The marks are kept by the extension
// (features/watched, synced by Settings Sync), never sent to TMDB, which keeps no watched history. Confirmed
// by the person first, in the extension's own words, like every write.
import * as vscode from 'vscode';
import { displayLocale } from '../../settings/settings';
import { formatNumber } from '../../model/numbers';
import { inRanges, MAX_EPISODE, MAX_SEASON, rangesOf, type EpisodeRange } from '../../model/episodeRanges';
import { unlinkedText } from '../../common/plainText';
import {
  confirmation,
  describeTitle,
  idOf,
  InputError,
  kindOf,
  requireSession,
  tool,
  toolText,
  type Input,
  type ToolDeps,
} from './toolKit';

/** A whole number from `min` to `max` in `field`, or undefined when the model left it out. */
function wholeNumber(input: Input, field: string, max: number): number | undefined {
  const value = input[field];
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max) return value;
  throw new InputError(`"${field}" must be a whole number from 0 to ${max}.`);
}

/** What the call changes: the title, and for a series the season's episodes it names. */
interface WatchedChange {
  kind: 'movie' | 'tv';
  id: number;
  watched: boolean;
  name: string;
  /** A series: the season and the episodes changed (a season's aired ones when no episode was named). */
  season?: { number: number; name: string; ranges: EpisodeRange[]; count: number; episode?: number };
  /** Marked (or not) as asked already: nothing to change. */
  already: boolean;
}

export function watchedTool(deps: ToolDeps) {
  const change = async (input: Input): Promise<WatchedChange> => {
    const kind = kindOf(input);
    const id = idOf(input);
    if (input.watched !== undefined && typeof input.watched !== 'boolean')
      throw new InputError('"watched" must be true or false.');
    const watched = input.watched !== false;
    const seasonNumber = wholeNumber(input, 'season', MAX_SEASON);
    const episode = wholeNumber(input, 'episode', MAX_EPISODE);
    await requireSession(deps);
    const name = await describeTitle(deps, kind, id);
    if (kind === 'movie') {
      if (seasonNumber !== undefined || episode !== undefined)
        throw new InputError('A movie has no seasons or episodes: leave "season" and "episode" out.');
      const marked = await deps.watched().movie(id);
      return { kind, id, watched, name, already: marked === watched };
    }
    if (seasonNumber === undefined)
      throw new InputError('"season" is needed for a series (0 is the specials), with "episode" or without it.');
    const season = await deps.client.season(id, seasonNumber);
    // What marks take (a number past them has no mark: the page draws no checkbox for it either).
    const markable = season.episodes.filter((e) => e.episode_number <= MAX_EPISODE);
    const numbers = markable.map((e) => e.episode_number);
    const today = new Date().toISOString().slice(0, 10);
    const aired = markable.filter((e) => e.air_date && e.air_date <= today).map((e) => e.episode_number);
    if (episode !== undefined && !numbers.includes(episode))
      throw new InputError(
        `Season ${seasonNumber} of this series has no episode ${episode} (its episodes: ${rangesOf(numbers)
          .map(([first, last]) => (first === last ? `${first}` : `${first}-${last}`))
          .join(', ')}).`,
      );
    const changed = episode !== undefined ? [episode] : watched ? aired : numbers;
    const marked = (await deps.watched().season(id, seasonNumber)) ?? [];
    // A whole season's marks taken off: every mark of it, of numbers TMDB no longer lists too (as the page's button).
    const wholeSeasonOff = episode === undefined && !watched;
    return {
      kind,
      id,
      watched,
      name,
      season: {
        number: seasonNumber,
        name: season.name || `Season ${seasonNumber}`,
        ranges: wholeSeasonOff ? [[0, MAX_EPISODE]] : rangesOf(changed),
        count: changed.length,
        ...(episode === undefined ? {} : { episode }),
      },
      already: wholeSeasonOff
        ? marked.length === 0
        : changed.length > 0 && changed.every((n) => inRanges(marked, n) === watched),
    };
  };

  /** What will change, in the person's words. */
  const sentence = ({ kind, watched, season }: WatchedChange): string => {
    const locale = displayLocale();
    if (kind === 'movie')
      return watched
        ? vscode.l10n.t('This movie will be marked watched today (kept in VS Code and synced, not at TMDB).')
        : vscode.l10n.t("This movie's watched mark will be taken off.");
    const { number, episode, count } = season!;
    if (episode !== undefined)
      return watched
        ? vscode.l10n.t(
            'Episode {0} of season {1} will be marked watched (kept in VS Code and synced, not at TMDB).',
            formatNumber(episode, locale),
            formatNumber(number, locale),
          )
        : vscode.l10n.t(
            "Episode {0} of season {1}'s watched mark will be taken off.",
            formatNumber(episode, locale),
            formatNumber(number, locale),
          );
    return watched
      ? vscode.l10n.t(
          'The {0} aired episodes of season {1} will be marked watched (kept in VS Code and synced, not at TMDB).',
          formatNumber(count, locale),
          formatNumber(number, locale),
        )
      : vscode.l10n.t('Every watched mark of season {0} will be taken off.', formatNumber(number, locale));
  };

  /** The change as the model reads it. */
  const what = ({ kind, id, name, season }: WatchedChange): string => {
    const title = `${toolText().quoted(name)} (${kind} ${id})`;
    if (!season) return title;
    const episodes = season.episode !== undefined ? `episode ${season.episode}` : `${season.count} aired episodes`;
    return `${episodes} of season ${season.number} of ${title}`;
  };

  // A change is written only after its confirmation was shown (as the watchlist tool's: ./writeTools).
  const confirmed = new Set<string>();
  const keyOf = (c: WatchedChange) =>
    `${c.kind}:${c.id}:${c.season?.number ?? ''}:${c.season?.episode ?? ''}:${c.season?.count ?? ''}:${c.watched}`;

  return tool(
    async (input) => {
      const found = await change(input);
      const key = keyOf(found);
      confirmed.delete(key);
      if (found.already)
        return {
          invocationMessage: `${found.watched ? vscode.l10n.t('Marked watched already:') : vscode.l10n.t('Not marked watched:')} ${unlinkedText(found.name)}`,
        };
      if (found.kind === 'tv' && found.watched && found.season!.count === 0)
        return { invocationMessage: `${vscode.l10n.t('No aired episodes to mark:')} ${unlinkedText(found.name)}` };
      confirmed.add(key);
      const subjects: Array<[string, string]> = [
        [found.kind === 'movie' ? vscode.l10n.t('Movie') : vscode.l10n.t('Series'), found.name],
      ];
      if (found.season) subjects.push([vscode.l10n.t('Season'), found.season.name]);
      return {
        invocationMessage: found.watched
          ? vscode.l10n.t('Marking as watched…')
          : vscode.l10n.t('Taking the watched mark off…'),
        confirmationMessages: confirmation(
          found.watched ? vscode.l10n.t('Mark as watched?') : vscode.l10n.t('Take the watched mark off?'),
          sentence(found),
          ...subjects,
        ),
      };
    },
    async (input, token) => {
      const found = await change(input);
      if (token.isCancellationRequested) throw new vscode.CancellationError();
      const asked = confirmed.delete(keyOf(found));
      const state = found.watched ? 'marked watched' : 'not marked watched';
      if (found.already)
        return `Nothing to do: ${what(found)} is ${found.watched ? 'already marked watched' : 'not marked watched'} for the user; nothing was changed.\n${toolText().ATTRIBUTION}`;
      if (found.kind === 'tv' && found.watched && found.season!.count === 0)
        return `Nothing to do: season ${found.season!.number} of ${toolText().quoted(found.name)} has no aired episodes yet.\n${toolText().ATTRIBUTION}`;
      if (!asked)
        return `Nothing was changed: the user's watched marks changed while this was asked (${what(found)}). Call the tool again.\n${toolText().ATTRIBUTION}`;
      const kept =
        found.kind === 'movie'
          ? await deps.watched().setMovie(found.id, found.watched)
          : await deps.watched().setEpisodes(found.id, found.season!.number, found.season!.ranges, found.watched);
      if (!kept)
        throw new Error(
          'The watched marks could not be kept (the user was shown why: most often the marks have reached what Settings Sync can carry).',
        );
      return `Done: ${what(found)} is ${state} for the user (kept in VS Code and synced by Settings Sync; TMDB keeps no watched history).\n${toolText().ATTRIBUTION}`;
    },
  );
}
