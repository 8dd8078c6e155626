// The movie page: `GET /3/movie/{movie_id}` with keywords, release dates, recommendations and credits
// appended. What most people look for comes first (overview, cast, recommendations); the release dates,
// complete, come last, each country folded but the user's. Further pages of recommendations arrive as cards (`renderRecommendationCards`).
import * as l10n from '@vscode/l10n';
import { MAX_PAGE } from '../../../tmdb/constants';
import { CREDIT_ID } from '../../../model/panelRef';
import type { MovieDetails, MovieSummary, ReleaseDate } from '../../../tmdb/schemas';
import { titleOf } from '../../../model/titles';
import { formatNumber } from '../../../model/numbers';
import { Actions, Hooks } from '../../../webview/pageContract';
import {
  countryName,
  facts,
  folded,
  formatDate,
  languageName,
  panelLink,
  section,
  spokenLanguageName,
  usable,
  type RenderContext,
  cardLink,
  poster,
  face,
} from './markup';
import { escapeHtml } from '../../../common/escapeHtml';
import { collectionCard } from './collection';
import { keyCrew, wholeCrew } from './crew';
import { logos, outsideLinks, titleHeader, videosSection, whereToWatch } from './titleParts';
import { movieStatusName } from '../../../model/valueNames';

/** TMDB's release types (1–6) as a reader says them. */
export function releaseTypeLabel(type: number): string {
  switch (type) {
    case 1:
      return l10n.t('Premiere');
    case 2:
      return l10n.t('Theatrical (limited)');
    case 3:
      return l10n.t('Theatrical');
    case 4:
      return l10n.t('Digital');
    case 5:
      return l10n.t('Physical');
    case 6:
      return l10n.t('TV');
    default:
      return l10n.t('Type {0}', type);
  }
}

/** Release dates by country, the user's region first, then by country name. */
export function groupReleaseDates(
  groups: Array<{ iso_3166_1: string; release_dates: ReleaseDate[] }>,
  region: string,
  locale: string,
) {
  return groups
    .filter((group) => group.release_dates.length > 0)
    .map((group) => ({
      code: group.iso_3166_1,
      name: countryName(group.iso_3166_1, locale),
      dates: [...group.release_dates].sort((a, b) => a.release_date.localeCompare(b.release_date)),
    }))
    .sort((a, b) => (a.code === region ? -1 : b.code === region ? 1 : a.name.localeCompare(b.name, locale)));
}

function releaseDateRow(date: ReleaseDate, locale: string): string {
  const certification = date.certification ? `<span class="cert">${escapeHtml(date.certification)}</span>` : '';
  const descriptors = date.descriptors.length ? ` <small>${escapeHtml(date.descriptors.join(', '))}</small>` : '';
  return `<tr><td class="date">${escapeHtml(formatDate(date.release_date, locale))}</td><td>${escapeHtml(releaseTypeLabel(date.type))}</td><td>${certification}${descriptors}</td><td>${escapeHtml(date.note)}</td></tr>`;
}

function releaseDatesSection(movie: MovieDetails, ctx: RenderContext): string {
  const groups = groupReleaseDates(movie.release_dates?.results ?? [], ctx.region, ctx.locale);
  if (groups.length === 0) return '';
  const headings = [l10n.t('Date'), l10n.t('Type'), l10n.t('Certification'), l10n.t('Note')]
    .map((heading) => `<th scope="col">${escapeHtml(heading)}</th>`)
    .join('');
  const countries = groups.map((group) => {
    const mine = group.code === ctx.region;
    return `<details class="country"${mine ? ' open' : ''}><summary>${escapeHtml(group.name)}${mine ? ` <span class="badge">${escapeHtml(l10n.t('your region'))}</span>` : ''}</summary>
<table><thead><tr>${headings}</tr></thead><tbody>${group.dates
      .map((date) => releaseDateRow(date, ctx.locale))
      .join('')}</tbody></table></details>`;
  });
  const summary = (count: number) => l10n.t('Show all {0} countries', formatNumber(count, ctx.locale));
  return section(
    l10n.t('Release dates'),
    folded(countries, 12, summary, (html) => html),
    'release-dates',
  );
}

export function renderRecommendationCards(movies: MovieSummary[], ctx: RenderContext): string {
  ctx = usable(ctx);
  return movies
    .map((movie) => {
      const { name, year } = titleOf('movie', movie);
      return `<li class="card">${cardLink(ctx, { kind: 'movie', id: movie.id }, poster(movie.poster_path), name, `<span class="muted">${escapeHtml(year)}</span>`)}</li>`;
    })
    .join('');
}

function keywordChips(movie: MovieDetails, locale: string): string {
  const keywords = (movie.keywords?.keywords ?? []).map(
    (keyword) => `<li class="chip keyword">${escapeHtml(keyword.name)}</li>`,
  );
  return folded(
    keywords,
    40,
    (count) => l10n.t('Show all {0} keywords', formatNumber(count, locale)),
    (html) => `<ul class="chips">${html}</ul>`,
  );
}

function castList(movie: MovieDetails, ctx: RenderContext): string {
  const cast = (movie.credits?.cast ?? []).map((member) => {
    // The person, by their picture or name; the credit (the character) one click away beside it.
    const character = member.character
      ? CREDIT_ID.test(member.credit_id)
        ? panelLink({ kind: 'credit', id: member.credit_id }, member.character, 'muted credit-link')
        : `<span class="muted">${escapeHtml(member.character)}</span>`
      : '';
    return `<li>${cardLink(ctx, { kind: 'person', id: member.id }, face(member.profile_path), member.name, character)}</li>`;
  });
  return folded(
    cast,
    12,
    (count) => l10n.t('Show all {0} cast members', formatNumber(count, ctx.locale)),
    (html) => `<ul class="people">${html}</ul>`,
  );
}

function recommendationsSection(movie: MovieDetails, ctx: RenderContext): string {
  const recommendations = movie.recommendations;
  if (!recommendations || recommendations.results.length === 0)
    return `<p class="muted">${escapeHtml(l10n.t('No recommendations yet.'))}</p>`;
  const more =
    recommendations.page < Math.min(recommendations.total_pages, MAX_PAGE)
      ? `<p><button type="button" data-action="${Actions.moreRecommendations}" data-page="${recommendations.page + 1}">${escapeHtml(l10n.t('More recommendations'))}</button></p>`
      : '';
  return `<ul class="cards" id="${Hooks.recommendationCards}">${renderRecommendationCards(recommendations.results, ctx)}</ul>${more}`;
}

/** The jobs that make a movie's key crew, in the order a reader looks for them (TMDB's page's, and more). */
const KEY_JOBS = [
  'Director',
  'Screenplay',
  'Writer',
  'Story',
  'Novel',
  'Characters',
  'Original Music Composer',
  'Director of Photography',
  'Editor',
  'Producer',
];

export function renderMovie(movie: MovieDetails, ctx: RenderContext): string {
  ctx = usable(ctx);
  const crew = movie.credits?.crew ?? [];
  const money = (amount: number) =>
    amount > 0
      ? new Intl.NumberFormat(ctx.locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(
          amount,
        )
      : '';
  return `${titleHeader(ctx, 'movie', movie)}
${section(l10n.t('Key crew'), keyCrew(crew, KEY_JOBS, ctx.locale, 12), 'crew')}
${videosSection(movie.videos?.results)}
${section(l10n.t('Cast'), castList(movie, ctx))}
${section(l10n.t('Crew'), wholeCrew(crew, ctx.locale), 'whole-crew')}
${collectionCard(movie, ctx)}
${section(l10n.t('Recommendations'), recommendationsSection(movie, ctx), 'recommendations')}
${section(l10n.t('Keywords'), keywordChips(movie, ctx.locale), 'keywords')}
${releaseDatesSection(movie, ctx)}
</div><aside class="side">
${facts([
  [l10n.t('Status'), escapeHtml(movieStatusName(movie.status))],
  [l10n.t('Release date'), escapeHtml(formatDate(movie.release_date, ctx.locale))],
  [
    l10n.t('Runtime'),
    movie.runtime
      ? escapeHtml(
          l10n.t(
            '{0} h {1} min',
            formatNumber(Math.floor(movie.runtime / 60), ctx.locale),
            formatNumber(movie.runtime % 60, ctx.locale),
          ),
        )
      : '',
  ],
  [l10n.t('Original language'), escapeHtml(languageName(movie.original_language, ctx.locale))],
  [
    l10n.t('Languages'),
    escapeHtml(movie.spoken_languages.map((language) => spokenLanguageName(language, ctx.locale)).join(', ')),
  ],
  [
    l10n.t('Countries'),
    escapeHtml(
      movie.production_countries.map((country) => countryName(country.iso_3166_1, ctx.locale, country.name)).join(', '),
    ),
  ],
  [l10n.t('Budget'), escapeHtml(money(movie.budget))],
  [l10n.t('Revenue'), escapeHtml(money(movie.revenue))],
])}
${whereToWatch(ctx, movie['watch/providers'])}
${section(l10n.t('Production companies'), logos(ctx, movie.production_companies))}
${outsideLinks(ctx, 'movie', movie.id, movie.homepage, movie.imdb_id)}
</aside></div>`;
}
