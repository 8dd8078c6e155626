// What movie and series pages share: the hero with the watchlist button, the score, the overview,
// company logos and the outside links.
import * as l10n from '@vscode/l10n';
import { formatRating, RATING_VALUES } from '../../../model/ratings';
import { imdbAddress, imdbIdOf } from '../../../model/imdb';
import { formatNumber } from '../../../model/numbers';
import { IMAGE_SIZES, imageUrl } from '../../../tmdb/imageUrls';
import type { MovieDetails, TvSeries, Video, WatchProviders } from '../../../tmdb/schemas';
import { titleOf } from '../../../model/titles';
import { rankVideos, videoTypeLabel, videoUrl } from '../../../model/videos';
import { Actions, Hooks } from '../../../webview/pageContract';
import {
  chips,
  countryName,
  externalLink,
  folded,
  image,
  picture,
  safeUrl,
  section,
  urlOnSite,
  type RenderContext,
} from './markup';
import { escapeHtml } from '../../../common/escapeHtml';

/** What the header shows of a movie or a series (TMDB names the same things differently for each). */
interface TitleHeader {
  backdrop: string | null;
  poster: string | null;
  title: string;
  original: string;
  year: string;
  tagline: string;
  kindLabel: string;
  /** A movie: its page has the watched mark (kept by the extension; a series' marks are its episodes'). */
  movie: boolean;
  score: [average: number, votes: number];
  genres: string[];
  overview: string;
}

function headerOf(kind: 'movie' | 'tv', item: MovieDetails | TvSeries): TitleHeader {
  const { name, year } = titleOf(kind, item);
  return {
    backdrop: item.backdrop_path,
    poster: item.poster_path,
    title: name,
    original: 'original_title' in item ? item.original_title : item.original_name,
    year,
    tagline: item.tagline,
    kindLabel: kind === 'movie' ? l10n.t('Movie') : l10n.t('TV series'),
    movie: kind === 'movie',
    score: [item.vote_average, item.vote_count],
    genres: item.genres.map((genre) => genre.name),
    overview: item.overview,
  };
}

/** The score as a ring gauge (0–10), drawn with SVG attributes only (no inline style). */
export function scoreGauge(average: number, votes: number, locale: string): string {
  if (!votes) return `<div class="score none">${escapeHtml(l10n.t('Not rated yet'))}</div>`;
  const value = Math.max(0, Math.min(10, average));
  const percent = Math.round(value * 10);
  const circumference = 2 * Math.PI * 16;
  const filled = (circumference * percent) / 100;
  const level = percent >= 70 ? 'high' : percent >= 40 ? 'mid' : 'low';
  const count = formatNumber(votes, locale);
  return `<div class="score" role="img" aria-label="${escapeHtml(l10n.t('User score {0} percent from {1} votes', percent, count))}">
<svg viewBox="0 0 40 40" width="56" height="56" aria-hidden="true"><circle class="track" cx="20" cy="20" r="16" fill="none" stroke-width="4"/><circle class="fill ${level}" cx="20" cy="20" r="16" fill="none" stroke-width="4" stroke-dasharray="${filled.toFixed(2)} ${circumference.toFixed(2)}" transform="rotate(-90 20 20)"/><text x="20" y="24" text-anchor="middle">${percent}%</text></svg>
<span>${escapeHtml(l10n.t('User score'))}<br><small>${escapeHtml(l10n.t('{0} votes', count))}</small></span></div>`;
}

/** The top of a movie or series page: the hero, then (opening the main column) score, genres, overview. */
export function titleHeader(ctx: RenderContext, kind: 'movie' | 'tv', item: MovieDetails | TvSeries): string {
  const header = headerOf(kind, item);
  return `${hero(ctx, header)}
<div class="columns"><div class="main">
${scoreGauge(header.score[0], header.score[1], ctx.locale)}
${chips(header.genres)}
${overview(header.overview)}`;
}

function hero(ctx: RenderContext, header: TitleHeader): string {
  const backdrop = imageUrl(ctx.imageBaseUrl, IMAGE_SIZES.backdrop, header.backdrop);
  return `<header class="hero">
${backdrop ? picture(backdrop, undefined, 'backdrop') : ''}
<div class="hero-body">
${posterLink(ctx, header, image(ctx, IMAGE_SIZES.panelPoster, header.poster, l10n.t('Poster of {0}', header.title), 'poster'))}
<div class="headline">
<p class="kind">${escapeHtml(header.kindLabel)}</p>
<h1 elementtiming="title">${escapeHtml(header.title)}${header.year ? ` <span class="year">(${escapeHtml(header.year)})</span>` : ''}</h1>
${header.original && header.original !== header.title ? `<p class="original" lang="">${escapeHtml(header.original)}</p>` : ''}
${header.tagline ? `<p class="tagline">${escapeHtml(header.tagline)}</p>` : ''}
<p class="actions"><button type="button" class="${Hooks.watchlistButton}" data-action="${Actions.toggleWatchlist}" aria-pressed="false" hidden>${escapeHtml(l10n.t('+ Add to watchlist'))}</button><span class="${Hooks.watchlistStatus}" role="status"></span><button type="button" class="secondary ${Hooks.favoriteButton}" data-action="${Actions.toggleFavorite}" aria-pressed="false" hidden>${escapeHtml(l10n.t('♡ Add to favorites'))}</button><span class="${Hooks.favoriteStatus}" role="status"></span>${header.movie ? watchedToggle() : ''}</p>
${accountActions(ctx)}
</div></div></header>`;
}

/** A movie's watched mark, hidden until the panel says what it is (as the toggles beside it). */
function watchedToggle(): string {
  return `<button type="button" class="secondary ${Hooks.watchedButton}" data-action="${Actions.toggleWatched}" aria-pressed="false" hidden>${escapeHtml(l10n.t('Mark as watched'))}</button><span class="${Hooks.watchedStatus}" role="status"></span>`;
}

/** The poster, a link to a larger one (opened in the browser, as any web address of a page). */
function posterLink(ctx: RenderContext, header: TitleHeader, poster: string): string {
  const large = imageUrl(ctx.imageBaseUrl, IMAGE_SIZES.fullPoster, header.poster);
  if (!large) return poster;
  const label = l10n.t('Open the poster of {0} larger', header.title);
  return `<a class="poster-link" href="${escapeHtml(large)}" data-external="true" title="${escapeHtml(label)}" aria-label="${escapeHtml(label)}">${poster}</a>`;
}

/**
 * The signed-in user's rating (a menu: keyboard-accessible as it is) and "Add to List…" (a series needs
 * TMDB's v4 lists: the command says so to an older sign-in). Hidden until the host says who is signed in.
 */
function accountActions(ctx: RenderContext): string {
  const options = RATING_VALUES.map(
    (value) => `<option value="${value}">${escapeHtml(formatRating(value, ctx.locale))}</option>`,
  ).join('');
  const addToList = `<button type="button" class="secondary" data-action="${Actions.addToList}" hidden>${escapeHtml(l10n.t('Add to List…'))}</button>`;
  return `<p class="actions account" id="${Hooks.rating}" hidden><label>${escapeHtml(l10n.t('Your rating'))} <select data-action="${Actions.rate}"><option value="">${escapeHtml(l10n.t('Not rated'))}</option>${options}</select></label>${addToList}<span class="${Hooks.ratingStatus}" role="status"></span></p>`;
}

export function overview(text: string): string {
  return section(
    l10n.t('Overview'),
    text
      ? `<p class="overview">${escapeHtml(text)}</p>`
      : `<p class="muted">${escapeHtml(l10n.t('No overview in this language yet.'))}</p>`,
  );
}

export function logos(ctx: RenderContext, companies: Array<{ name: string; logo_path: string | null }>): string {
  if (companies.length === 0) return '';
  return `<ul class="logos">${companies
    .map((company) => {
      const src = imageUrl(ctx.imageBaseUrl, IMAGE_SIZES.logo, company.logo_path);
      const logo = src ? picture(src, undefined) : '';
      return `<li><span class="logo-box">${logo}</span><span>${escapeHtml(company.name)}</span></li>`;
    })
    .join('')}</ul>`;
}

/** "Videos": each opened in the browser (YouTube or Vimeo), the official trailer first. */
export function videosSection(videos: Video[] | undefined): string {
  const ranked = rankVideos(videos ?? []);
  const items = ranked.map(
    (video) =>
      `<li>${externalLink(videoUrl(video), video.name || videoTypeLabel(video.type))} <span class="muted">${escapeHtml([videoTypeLabel(video.type), video.site].join(' · '))}</span></li>`,
  );
  const summary = (count: number) => l10n.t('Show all {0} videos', count);
  return items.length
    ? section(
        l10n.t('Videos'),
        folded(items, 5, summary, (html) => `<ul class="videos">${html}</ul>`),
        'videos',
      )
    : '';
}

/** The kinds of offer in the order a page lists them, each as a reader says it. */
const OFFERS = [
  ['flatrate', () => l10n.t('Stream')],
  ['free', () => l10n.t('Free')],
  ['ads', () => l10n.t('With ads')],
  ['rent', () => l10n.t('Rent')],
  ['buy', () => l10n.t('Buy')],
] as const;

/**
 * "Where to watch" in the user's region (`ctx.region`): streaming, free, with ads, rent, buy, each
 * provider with its logo and name, and TMDB's watch page for that country. JustWatch, whose data it is, is
 * credited (TMDB's terms). No data for the region says so and names the countries that have some.
 */
export function whereToWatch(ctx: RenderContext, providers: WatchProviders | undefined): string {
  if (!providers) return '';
  const countries = Object.keys(providers.results);
  // Own keys only: a region named `constructor` or `__proto__` must not read the prototype.
  const mine = Object.hasOwn(providers.results, ctx.region) ? providers.results[ctx.region] : undefined;
  const credit = `<p class="muted justwatch">${escapeHtml(l10n.t('Data from JustWatch.'))}</p>`;
  let body: string;
  if (mine) {
    const groups = OFFERS.filter(([offer]) => mine[offer].length > 0).map(([offer, label]) => {
      const items = [...mine[offer]]
        .sort((a, b) => a.display_priority - b.display_priority)
        .map(
          (provider) =>
            `<li>${image(ctx, IMAGE_SIZES.logo, provider.logo_path, provider.provider_name, 'provider-logo')}<span>${escapeHtml(provider.provider_name)}</span></li>`,
        );
      return `<h3>${escapeHtml(label())}</h3><ul class="providers">${items.join('')}</ul>`;
    });
    const country = countryName(ctx.region, ctx.locale);
    // The label says TMDB: a link elsewhere is no link (the offers' own sites are not linked at all).
    const link = externalLink(urlOnSite(mine.link, ctx.webBaseUrl), l10n.t('All offers in {0} on TMDB', country));
    body = groups.length
      ? `${groups.join('')}<p>${link}</p>${credit}`
      : `<p class="muted">${escapeHtml(l10n.t('No offers in {0}.', country))}</p>${credit}`;
  } else if (countries.length) {
    const names = countries.map((code) => countryName(code, ctx.locale)).sort((a, b) => a.localeCompare(b, ctx.locale));
    const summary = (count: number) => l10n.t('Show all {0} countries', formatNumber(count, ctx.locale));
    body = `<p class="muted">${escapeHtml(l10n.t('No data for {0}. Set "tmdb.region" to a country that has some:', countryName(ctx.region, ctx.locale)))}</p>${folded(
      names.map((name) => `<li>${escapeHtml(name)}</li>`),
      8,
      summary,
      (html) => `<ul class="plain">${html}</ul>`,
    )}${credit}`;
  } else {
    return '';
  }
  return section(l10n.t('Where to watch'), body, 'where-to-watch');
}

/** Homepage, IMDb and TMDB, each opened in the browser. */
export function outsideLinks(
  ctx: RenderContext,
  kind: 'movie' | 'tv' | 'person' | 'collection',
  id: number,
  homepage: string | null,
  imdb?: string | null,
): string {
  const imdbId = imdbIdOf(imdb);
  const items = [
    externalLink(safeUrl(homepage), l10n.t('Homepage')),
    imdbId ? externalLink(imdbAddress(imdbId), 'IMDb') : '',
    externalLink(safeUrl(`${ctx.webBaseUrl}/${kind}/${id}`), l10n.t('Open on TMDB')),
  ].filter(Boolean);
  return `<p class="links">${items.join('')}</p>`;
}
