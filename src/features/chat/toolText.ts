// What the language model tools answer: short, factual lines for a model to read and quote. TMDB's text
// (names, titles, overviews, characters) is always a JSON string literal on a line of ours: a name with a
// line break, quotes or "Ignore the above" in it stays one value inside quotes, never a line or an
// instruction of its own. Numbers, dates and addresses are ours or checked. Every answer ends with TMDB's
// attribution. Loaded with the deferred bundle; no vscode import.
import type {
  AccountStates,
  ListDetails,
  ListSummary,
  MediaSummary,
  MovieDetails,
  MovieSummary,
  Paged,
  PersonDetails,
  PersonSummary,
  RatedMovie,
  RatedTv,
  SearchResult,
  TvSeries,
  TvSummary,
  Video,
  WatchProviders,
} from '../../tmdb/schemas';
import { LIST_ID } from '../../tmdb/constants';
import { titleOf } from '../../model/titles';
import { rankVideos, videoUrl } from '../../model/videos';

export const ATTRIBUTION =
  'Source: TMDB (https://www.themoviedb.org). This product uses the TMDB API but is not endorsed or certified by TMDB.';
const JUSTWATCH = 'Where-to-watch data: JustWatch.';

/** Longest TMDB text kept in an answer (an overview, a biography): a model needs the gist, not a page. */
const MAX_TEXT = 600;

/** TMDB's text as a JSON string: quoted, its line breaks and quotes escaped, bounded. */
export function quoted(value: string | null | undefined, max = 200): string {
  const text = (value ?? '').replace(/\s+/g, ' ').trim();
  const cut = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  // JSON.stringify leaves U+2028/U+2029 as they are; some readers take them as line breaks.
  return JSON.stringify(cut)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface TextContext {
  webBaseUrl: string;
  region: string;
}

/** A date as TMDB writes it (YYYY-MM-DD), or nothing: any other text in a date field is not printed. */
function day(date: string | null | undefined): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(date ?? '') ? date! : undefined;
}

/** A list's id as TMDB gives them (digits, or a v4 list's letters and digits), or "unknown". */
export function listIdText(id: string): string {
  return LIST_ID.test(id) ? id : 'unknown';
}

/** `"Fight Club" (1999)`: the title quoted, with its year when its date starts with one. */
function named({ name, year }: { name: string; year: string }): string {
  return `${quoted(name)}${/^\d{4}$/.test(year) ? ` (${year})` : ''}`;
}

function score(average: number, votes: number): string {
  return votes > 0 ? `${average.toFixed(1)}/10 (${votes} votes)` : 'not rated yet';
}

function kindWord(kind: 'movie' | 'tv' | 'person'): string {
  return kind === 'movie' ? 'movie' : kind === 'tv' ? 'series' : 'person';
}

/** One line a title: `movie 550: "Fight Club" (1999), score 8.4/10 (26280 votes)`. */
export function titleLine(kind: 'movie' | 'tv', item: MovieSummary | TvSummary, extra = ''): string {
  return `- ${kindWord(kind)} ${item.id}: ${named(titleOf(kind, item))}, score ${score(item.vote_average, item.vote_count)}${extra}`;
}

function personLine(person: PersonSummary): string {
  const known = person.known_for
    .slice(0, 3)
    .map((title) =>
      quoted(title.media_type === 'tv' ? title.name || title.original_name : title.title || title.original_title),
    )
    .join(', ');
  const department = person.known_for_department ? `, ${quoted(person.known_for_department)}` : '';
  return `- person ${person.id}: ${quoted(person.name)}${department}${known ? `, known for ${known}` : ''}`;
}

/** A search or trending result's line: a person's, or a title's. */
function resultLine(result: SearchResult): string {
  return result.media_type === 'person' ? personLine(result) : titleLine(result.media_type, result);
}

export function searchText(
  query: string,
  page: Paged<SearchResult>,
  only: 'movie' | 'tv' | 'person' | undefined,
  max = 10,
): string {
  const results = page.results.filter((result) => !only || result.media_type === only).slice(0, max);
  const lines = results.map(resultLine);
  const head = `TMDB search for ${quoted(query)}${only ? ` (${{ movie: 'movies', tv: 'series', person: 'people' }[only]} only)` : ''}: ${results.length ? `${results.length} of ${page.total_results} results` : 'nothing found'}.`;
  return [head, ...lines, ATTRIBUTION].join('\n');
}

export function trendingText(
  kind: 'movie' | 'tv' | 'person' | 'all',
  window: 'day' | 'week',
  titles: ReadonlyArray<SearchResult>,
  max = 20,
): string {
  const shown = titles.filter((result) => kind === 'all' || result.media_type === kind).slice(0, max);
  const lines = shown.map(resultLine);
  const what = kind === 'all' ? 'titles' : kind === 'person' ? 'people' : kind === 'tv' ? 'series' : 'movies';
  return [`Trending ${what} on TMDB ${window === 'day' ? 'today' : 'this week'}:`, ...lines, ATTRIBUTION].join('\n');
}

/** "Where to watch in US: stream on "Netflix"; rent on "Apple TV"…", JustWatch credited. */
function whereToWatch(providers: WatchProviders | undefined, ctx: TextContext): string[] {
  if (!providers) return [];
  const mine = Object.hasOwn(providers.results, ctx.region) ? providers.results[ctx.region] : undefined;
  if (!mine) return [`Where to watch in ${ctx.region}: no data. ${JUSTWATCH}`];
  const offers = (['flatrate', 'free', 'ads', 'rent', 'buy'] as const)
    .filter((offer) => mine[offer].length)
    .map((offer) => {
      const verb = { flatrate: 'stream on', free: 'free on', ads: 'with ads on', rent: 'rent on', buy: 'buy on' }[
        offer
      ];
      const names = [...mine[offer]]
        .sort((a, b) => a.display_priority - b.display_priority)
        .slice(0, 8)
        .map((p) => quoted(p.provider_name));
      return `${verb} ${names.join(', ')}`;
    });
  return [`Where to watch in ${ctx.region}: ${offers.length ? offers.join('; ') : 'no offers'}. ${JUSTWATCH}`];
}

function trailer(videos: { results: Video[] } | undefined): string[] {
  const best = rankVideos(videos?.results ?? [])[0];
  const url = best && videoUrl(best);
  return url ? [`${best.type === 'Trailer' ? 'Trailer' : 'Video'}: ${url}`] : [];
}

function mine(states: AccountStates | undefined): string[] {
  if (!states) return [];
  const rating = states.rated === false ? 'not rated' : `rated ${states.rated.value}/10`;
  return [
    `Your account: ${states.watchlist ? 'on your watchlist' : 'not on your watchlist'}, ${states.favorite ? 'a favorite' : 'not a favorite'}, ${rating}.`,
  ];
}

function page(ctx: TextContext, kind: 'movie' | 'tv' | 'person', id: number): string {
  return `TMDB page: ${ctx.webBaseUrl}/${kind}/${id}`;
}

export function movieText(movie: MovieDetails, ctx: TextContext, states?: AccountStates): string {
  const title = titleOf('movie', movie);
  const directors = (movie.credits?.crew ?? [])
    .filter((member) => member.job === 'Director')
    .map((member) => quoted(member.name));
  const cast = [...(movie.credits?.cast ?? [])]
    .sort((a, b) => a.order - b.order)
    .slice(0, 8)
    .map((member) => `${quoted(member.name)}${member.character ? ` as ${quoted(member.character)}` : ''}`);
  const facts = [
    day(movie.release_date) ? `released ${day(movie.release_date)}` : 'release date unknown',
    movie.runtime ? `${movie.runtime} min` : '',
    movie.status ? quoted(movie.status) : '',
  ].filter(Boolean);
  return [
    `Movie ${movie.id}: ${named(title)}`,
    ...(movie.original_title && movie.original_title !== title.name
      ? [`Original title: ${quoted(movie.original_title)}`]
      : []),
    facts.join(', '),
    `Genres: ${movie.genres.map((genre) => quoted(genre.name)).join(', ') || 'none listed'}`,
    `Score: ${score(movie.vote_average, movie.vote_count)}`,
    ...(movie.tagline ? [`Tagline: ${quoted(movie.tagline)}`] : []),
    `Overview: ${quoted(movie.overview, MAX_TEXT)}`,
    ...(directors.length ? [`Directed by: ${directors.join(', ')}`] : []),
    ...(cast.length ? [`Cast: ${cast.join('; ')}`] : []),
    ...whereToWatch(movie['watch/providers'], ctx),
    ...trailer(movie.videos),
    ...mine(states),
    page(ctx, 'movie', movie.id),
    ATTRIBUTION,
  ].join('\n');
}

export function seriesText(series: TvSeries, ctx: TextContext, states?: AccountStates): string {
  const title = titleOf('tv', series);
  const cast = [...(series.aggregate_credits?.cast ?? [])]
    .sort((a, b) => a.order - b.order)
    .slice(0, 8)
    .map((member) => quoted(member.name));
  const next = series.next_episode_to_air;
  const facts = [
    day(series.first_air_date) ? `first aired ${day(series.first_air_date)}` : 'first air date unknown',
    series.number_of_seasons ? `${series.number_of_seasons} seasons` : '',
    series.number_of_episodes ? `${series.number_of_episodes} episodes` : '',
    series.status ? quoted(series.status) : '',
  ].filter(Boolean);
  return [
    `Series ${series.id}: ${named(title)}`,
    ...(series.original_name && series.original_name !== title.name
      ? [`Original name: ${quoted(series.original_name)}`]
      : []),
    facts.join(', '),
    `Genres: ${series.genres.map((genre) => quoted(genre.name)).join(', ') || 'none listed'}`,
    `Score: ${score(series.vote_average, series.vote_count)}`,
    `Overview: ${quoted(series.overview, MAX_TEXT)}`,
    ...(series.created_by.length
      ? [`Created by: ${series.created_by.map((person) => quoted(person.name)).join(', ')}`]
      : []),
    ...(series.networks.length
      ? [`Networks: ${series.networks.map((network) => quoted(network.name)).join(', ')}`]
      : []),
    ...(next && day(next.air_date)
      ? [`Next episode: S${next.season_number}E${next.episode_number} ${quoted(next.name)} on ${day(next.air_date)}`]
      : []),
    ...(cast.length ? [`Cast: ${cast.join(', ')}`] : []),
    ...whereToWatch(series['watch/providers'], ctx),
    ...trailer(series.videos),
    ...mine(states),
    page(ctx, 'tv', series.id),
    ATTRIBUTION,
  ].join('\n');
}

export function personText(person: PersonDetails, ctx: TextContext): string {
  const known = person.known_for_department ? `Known for: ${quoted(person.known_for_department)}` : '';
  const life = [
    day(person.birthday) ? `born ${day(person.birthday)}` : '',
    person.place_of_birth ? `in ${quoted(person.place_of_birth)}` : '',
    day(person.deathday) ? `died ${day(person.deathday)}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const credits = [...(person.combined_credits?.cast ?? [])]
    .sort((a, b) => b.popularity - a.popularity)
    .slice(0, 10)
    .map((credit) => {
      const kind = credit.media_type;
      return `- ${kindWord(kind)} ${credit.id}: ${named(titleOf(kind, credit))}${credit.character ? ` as ${quoted(credit.character)}` : ''}`;
    });
  return [
    `Person ${person.id}: ${quoted(person.name)}`,
    ...(known ? [known] : []),
    ...(life ? [life] : []),
    `Biography: ${quoted(person.biography, MAX_TEXT)}`,
    ...(credits.length ? ['Best-known roles:', ...credits] : []),
    page(ctx, 'person', person.id),
    ATTRIBUTION,
  ].join('\n');
}

export type AccountCollection = 'watchlist' | 'favorites' | 'rated';

/** The watchlist, favorites or ratings: movies and series, latest first, with the counts TMDB gives. */
export function accountTitlesText(
  collection: AccountCollection,
  parts: ReadonlyArray<{
    kind: 'movie' | 'tv';
    total: number;
    items: ReadonlyArray<MovieSummary | TvSummary | RatedMovie | RatedTv>;
  }>,
): string {
  const name = { watchlist: 'Your TMDB watchlist', favorites: 'Your TMDB favorites', rated: 'Your TMDB ratings' }[
    collection
  ];
  const lines = parts.flatMap(({ kind, total, items }) => [
    `${kind === 'movie' ? 'Movies' : 'Series'}: ${total}${items.length < total ? ` (the latest ${items.length} below)` : ''}`,
    ...items.map((item) =>
      titleLine(
        kind,
        item,
        'rating' in item && typeof item.rating === 'number' ? `, your rating ${item.rating}/10` : '',
      ),
    ),
  ]);
  return [`${name}:`, ...lines, ATTRIBUTION].join('\n');
}

export function listsText(lists: ReadonlyArray<ListSummary>): string {
  const lines = lists.map(
    (list) =>
      `- list ${listIdText(list.id)}: ${quoted(list.name)}, ${list.item_count} items${list.description ? `, ${quoted(list.description)}` : ''}`,
  );
  return [
    lists.length ? `Your TMDB lists (${lists.length}):` : 'You have no TMDB lists yet.',
    ...lines,
    ATTRIBUTION,
  ].join('\n');
}

export function listText(list: ListDetails, items: ReadonlyArray<MediaSummary>): string {
  const lines = items.map((item) => titleLine(item.media_type, item));
  return [
    `List ${listIdText(list.id)}: ${quoted(list.name)}, ${list.item_count} items${items.length < list.item_count ? ` (the first ${items.length} below)` : ''}`,
    ...(list.description ? [`Description: ${quoted(list.description, MAX_TEXT)}`] : []),
    ...lines,
    ATTRIBUTION,
  ].join('\n');
}
