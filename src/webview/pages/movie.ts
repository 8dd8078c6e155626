// The movie page: `GET /3/movie/{movie_id}` with keywords, release dates, recommendations and credits
// appended. What most people look for comes first (overview, cast, recommendations); the release dates,
// complete, come last, each country folded but the user's. Further pages of recommendations arrive as cards (`renderRecommendationCards`).
import { CREDIT_ID, MAX_PAGE } from '../../tmdb/constants';
import { IMAGE_SIZES } from '../../tmdb/imageUrls';
import type { MovieDetails, MovieSummary, ReleaseDate } from '../../tmdb/schemas';
import { titleOf } from '../../tmdb/titles';
import { Actions, Hooks } from '../pageContract';
import { countryName, escapeHtml, facts, folded, formatDate, image, languageName, panelLink, section, type RenderContext } from './markup';
import { logos, outsideLinks, titleHeader } from './titleParts';

export const RELEASE_TYPES: Record<number, string> = {
  1: 'Premiere',
  2: 'Theatrical (limited)',
  3: 'Theatrical',
  4: 'Digital',
  5: 'Physical',
  6: 'TV',
};

/** Release dates by country, the user's region first, then by country name. */
export function groupReleaseDates(groups: Array<{ iso_3166_1: string; release_dates: ReleaseDate[] }>, region: string, locale: string) {
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
  return `<tr><td class="date">${escapeHtml(formatDate(date.release_date, locale))}</td><td>${escapeHtml(RELEASE_TYPES[date.type] ?? `Type ${date.type}`)}</td><td>${certification}${descriptors}</td><td>${escapeHtml(date.note)}</td></tr>`;
}

function releaseDatesSection(movie: MovieDetails, ctx: RenderContext): string {
  const groups = groupReleaseDates(movie.release_dates?.results ?? [], ctx.region, ctx.locale);
  if (groups.length === 0) return '';
  const countries = groups.map((group) => {
      const mine = group.code === ctx.region;
      return `<details class="country"${mine ? ' open' : ''}><summary>${escapeHtml(group.name)}${mine ? ' <span class="badge">your region</span>' : ''}</summary>
<table><thead><tr><th scope="col">Date</th><th scope="col">Type</th><th scope="col">Certification</th><th scope="col">Note</th></tr></thead><tbody>${group.dates
        .map((date) => releaseDateRow(date, ctx.locale))
        .join('')}</tbody></table></details>`;
  });
  return section('Release dates', folded(countries, 12, 'countries', (html) => html), 'release-dates');
}

export function renderRecommendationCards(movies: MovieSummary[], ctx: RenderContext): string {
  return movies
    .map((movie) => {
      const { name, year } = titleOf('movie', movie);
      return `<li class="card">${image(ctx, IMAGE_SIZES.listPoster, movie.poster_path, name, 'card-poster')}${panelLink({ kind: 'movie', id: movie.id }, name, 'card-title')}<span class="muted">${escapeHtml(year)}</span></li>`;
    })
    .join('');
}

function keywordChips(movie: MovieDetails): string {
  const keywords = (movie.keywords?.keywords ?? []).map((keyword) => `<li class="chip keyword">${escapeHtml(keyword.name)}</li>`);
  return keywords.length ? folded(keywords, 40, 'keywords', (html) => `<ul class="chips">${html}</ul>`) : '';
}

function castList(movie: MovieDetails, ctx: RenderContext): string {
  const cast = (movie.credits?.cast ?? []).map((member) => {
    const name = CREDIT_ID.test(member.credit_id) ? panelLink({ kind: 'credit', id: member.credit_id }, member.name) : escapeHtml(member.name);
    return `<li>${image(ctx, IMAGE_SIZES.profile, member.profile_path, member.name, 'face')}${name}<span class="muted">${escapeHtml(member.character)}</span></li>`;
  });
  return cast.length ? folded(cast, 12, 'cast members', (html) => `<ul class="people">${html}</ul>`) : '';
}

function recommendationsSection(movie: MovieDetails, ctx: RenderContext): string {
  const recommendations = movie.recommendations;
  if (!recommendations || recommendations.results.length === 0) return '<p class="muted">No recommendations yet.</p>';
  const more =
    recommendations.page < Math.min(recommendations.total_pages, MAX_PAGE)
      ? `<p><button type="button" data-action="${Actions.moreRecommendations}" data-page="${recommendations.page + 1}">More recommendations</button></p>`
      : '';
  return `<ul class="cards" id="${Hooks.recommendationCards}">${renderRecommendationCards(recommendations.results, ctx)}</ul>${more}`;
}

export function renderMovie(movie: MovieDetails, ctx: RenderContext): string {
  const money = (amount: number) => (amount > 0 ? new Intl.NumberFormat(ctx.locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(amount) : '');
  return `${titleHeader(ctx, 'movie', movie)}
${section('Cast', castList(movie, ctx))}
${section('Recommendations', recommendationsSection(movie, ctx), 'recommendations')}
${section('Keywords', keywordChips(movie), 'keywords')}
${releaseDatesSection(movie, ctx)}
</div><aside class="side">
${facts([
  ['Status', escapeHtml(movie.status)],
  ['Release date', escapeHtml(formatDate(movie.release_date, ctx.locale))],
  ['Runtime', movie.runtime ? escapeHtml(`${Math.floor(movie.runtime / 60)} h ${movie.runtime % 60} min`) : ''],
  ['Original language', escapeHtml(languageName(movie.original_language, ctx.locale))],
  ['Languages', escapeHtml(movie.spoken_languages.map((language) => language.english_name || language.name).join(', '))],
  ['Countries', escapeHtml(movie.production_countries.map((country) => country.name).join(', '))],
  ['Budget', escapeHtml(money(movie.budget))],
  ['Revenue', escapeHtml(money(movie.revenue))],
])}
${section('Production companies', logos(ctx, movie.production_companies))}
${outsideLinks(ctx, 'movie', movie.id, movie.homepage, movie.imdb_id)}
</aside></div>`;
}
