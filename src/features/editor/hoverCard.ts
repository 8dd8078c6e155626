// A hover card's Markdown for a title, person or collection named in a text: the picture, the name and
// year (or the person's department), the score, runtime or seasons, the overview's first lines, where to
// watch in the person's region, and, signed in, the watchlist and the person's rating. Every word from
// TMDB goes through `markdownText` (inert: no link, image, HTML or heading can come of it); the only links
// are our commands, with arguments built here. No vscode import: the attack suite renders it in plain Node.
import * as l10n from '@vscode/l10n';
import { Commands } from '../../common/ids';
import { commandUri } from './commandUri';
import { markdownText } from '../../common/plainText';
import { formatNumber } from '../../model/numbers';
import { formatRating } from '../../model/ratings';
import { titleOf } from '../../model/titles';
import { departmentName } from '../../model/valueNames';
import { IMAGE_SIZES, imageUrl } from '../../tmdb/imageUrls';
import type { CollectionDetails, MovieDetails, PersonDetails, TvSeries, WatchProviders } from '../../tmdb/schemas';

export type CardSubject =
  | { kind: 'movie'; details: MovieDetails }
  | { kind: 'tv'; details: TvSeries }
  | { kind: 'person'; details: PersonDetails }
  | { kind: 'collection'; details: CollectionDetails };

/** The signed-in person's marks on a movie or series; 'signedOut' offers to sign in; undefined: not known. */
export type CardAccount = { watchlist: boolean; rating: number | undefined } | 'signedOut';

export interface CardContext {
  locale: string;
  /** Two-letter region for where to watch. */
  region: string;
  imageBaseUrl: string;
}

/** The most of an overview (or biography) a card shows. */
export const MAX_CARD_OVERVIEW = 320;
/** How wide a card draws its picture, in pixels (a w92 poster, smaller: the card's height is VS Code's). */
export const CARD_PICTURE_WIDTH = 64;
/** The most genres a card names (a page shows them all). */
const MAX_GENRES = 3;
/** The most providers a card names. */
const MAX_PROVIDERS = 4;

/** The commands a card links to, each only with arguments built here: what `isTrusted` enables, no more. */
export const CARD_COMMANDS = [
  Commands.openMovie,
  Commands.openTvSeries,
  Commands.openPerson,
  Commands.openCollection,
  Commands.addToWatchlist,
  Commands.removeFromWatchlist,
  Commands.rate,
  Commands.signIn,
] as const;

const OPEN = {
  movie: Commands.openMovie,
  tv: Commands.openTvSeries,
  person: Commands.openPerson,
  collection: Commands.openCollection,
} as const;

/** The first sentences of `text` that fit `max` characters (cut at a space, with an ellipsis, when none does). */
export function firstLines(text: string, max = MAX_CARD_OVERVIEW): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const sentence = cut.lastIndexOf('. ');
  if (sentence > max / 2) return cut.slice(0, sentence + 1);
  const space = cut.lastIndexOf(' ');
  return `${cut.slice(0, space > max / 2 ? space : max).trimEnd()}…`;
}

function nameAndYear(subject: CardSubject): { name: string; year: string } {
  switch (subject.kind) {
    case 'movie':
    case 'tv':
      return titleOf(subject.kind, subject.details);
    case 'person':
      return { name: subject.details.name || `Person ${subject.details.id}`, year: '' };
    case 'collection':
      return { name: subject.details.name || `Collection ${subject.details.id}`, year: '' };
  }
}

/** The card's title, as plain text (a tab title, a message): the name, and the year for a title. */
export function cardName(subject: CardSubject): string {
  const { name, year } = nameAndYear(subject);
  return year ? `${name} (${year})` : name;
}

/** The picture's address: the poster, or the person's photo, small. */
export function pictureOf(subject: CardSubject, ctx: CardContext): string | undefined {
  const path = subject.kind === 'person' ? subject.details.profile_path : subject.details.poster_path;
  return imageUrl(ctx.imageBaseUrl, IMAGE_SIZES.listPoster, path);
}

function facts(subject: CardSubject, ctx: CardContext): string[] {
  const n = (value: number, digits?: number) => formatNumber(value, ctx.locale, digits);
  // As the page says it: "User score 84%" (TMDB's 0–10 as a percentage).
  const score = (average: number, votes: number) =>
    votes > 0 ? l10n.t('User score {0}%', n(Math.round(average * 10))) : l10n.t('Not rated yet');
  switch (subject.kind) {
    case 'movie': {
      const { runtime, vote_average, vote_count, genres } = subject.details;
      return [
        score(vote_average, vote_count),
        runtime ? l10n.t('{0} h {1} min', n(Math.floor(runtime / 60)), n(runtime % 60)) : '',
        genres
          .slice(0, MAX_GENRES)
          .map((genre) => genre.name)
          .join(', '),
      ];
    }
    case 'tv': {
      const { number_of_seasons: seasons, vote_average, vote_count, genres } = subject.details;
      return [
        score(vote_average, vote_count),
        seasons == null ? '' : seasons === 1 ? l10n.t('1 season') : l10n.t('{0} seasons', n(seasons)),
        genres
          .slice(0, MAX_GENRES)
          .map((genre) => genre.name)
          .join(', '),
      ];
    }
    case 'person':
      return [subject.details.known_for_department ? departmentName(subject.details.known_for_department) : ''];
    case 'collection': {
      const count = subject.details.parts.length;
      return [count === 1 ? l10n.t('1 movie') : l10n.t('{0} movies', n(count))];
    }
  }
}

/** Where to watch in the region: streaming first, else free, with ads, to rent or to buy. */
function whereToWatch(providers: WatchProviders | undefined, region: string): string {
  const country = providers?.results[region];
  if (!country) return '';
  const ways: Array<[(names: string) => string, { provider_name: string }[]]> = [
    [(names) => l10n.t('Stream on {0}', names), country.flatrate],
    [(names) => l10n.t('Free on {0}', names), country.free],
    [(names) => l10n.t('With ads on {0}', names), country.ads],
    [(names) => l10n.t('Rent on {0}', names), country.rent],
    [(names) => l10n.t('Buy on {0}', names), country.buy],
  ];
  const [words, offers] = ways.find(([, list]) => list.length > 0) ?? [];
  if (!words || !offers) return '';
  return words([...new Set(offers.map((offer) => offer.provider_name))].slice(0, MAX_PROVIDERS).join(', '));
}

/**
 * The card: Markdown to be shown with only CARD_COMMANDS enabled, no HTML and no icons. `picture`: what the
 * picture is drawn from, when not its address (./hoverPicture); null for none.
 */
export function hoverCard(
  subject: CardSubject,
  ctx: CardContext,
  account?: CardAccount,
  picture: string | null = pictureOf(subject, ctx) ?? null,
): string {
  const { name, year } = nameAndYear(subject);
  const id = subject.details.id;
  // A card is cut at VS Code's hover height (about 250 px, a w92 poster takes 100): its lines go in few
  // paragraphs (a line break within one costs no margin), so the overview's first line is in sight under
  // what the person can do; where to watch comes last.
  const paragraphs: string[][] = [];
  // `|width=`: VS Code's own size suffix (a picture without a size of its own, an SVG, would fill the card).
  if (picture) paragraphs.push([`![${markdownText(name)}](${picture}|width=${CARD_PICTURE_WIDTH})`]);
  const heading = [`**${markdownText(name)}**${year ? ` (${markdownText(year)})` : ''}`];
  const line = facts(subject, ctx).filter(Boolean).join(' · ');
  if (line) heading.push(markdownText(line));
  paragraphs.push(heading);
  const links = [`[${markdownText(l10n.t('Open in VS Code'))}](${commandUri(OPEN[subject.kind], [id])})`];
  const yours: string[] = [];
  if ((subject.kind === 'movie' || subject.kind === 'tv') && account === 'signedOut')
    links.push(`[${markdownText(l10n.t('Sign in for your watchlist and rating'))}](command:${Commands.signIn})`);
  if ((subject.kind === 'movie' || subject.kind === 'tv') && account && account !== 'signedOut') {
    const target = { kind: subject.kind, id, name: year ? `${name} (${year})` : name };
    const marks = [
      account.watchlist ? l10n.t('On your watchlist') : l10n.t('Not on your watchlist'),
      account.rating === undefined
        ? l10n.t('Not rated by you')
        : l10n.t('Your rating: {0}', formatRating(account.rating, ctx.locale)),
    ];
    yours.push(markdownText(marks.join(' · ')));
    links.push(
      account.watchlist
        ? `[${markdownText(l10n.t('Remove from Watchlist'))}](${commandUri(Commands.removeFromWatchlist, [target])})`
        : `[${markdownText(l10n.t('Add to Watchlist'))}](${commandUri(Commands.addToWatchlist, [target])})`,
      `[${markdownText(l10n.t('Rate…'))}](${commandUri(Commands.rate, [target])})`,
    );
  }
  paragraphs.push([...yours, links.join(' · ')]);
  const text = subject.kind === 'person' ? subject.details.biography : subject.details.overview;
  if (text.trim()) paragraphs.push([markdownText(firstLines(text))]);
  if (subject.kind === 'movie' || subject.kind === 'tv') {
    const watch = whereToWatch(subject.details['watch/providers'], ctx.region);
    if (watch) paragraphs.push([markdownText(watch)]);
  }
  // Two spaces at a line's end: Markdown's line break, ours (TMDB's words are escaped, on one line).
  return paragraphs.map((lines) => lines.join('  \n')).join('\n\n');
}
