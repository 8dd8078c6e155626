// A collection's page (`GET /3/collection/{collection_id}`): its movies in release order, each opening its
// page, and, on a movie's page, the collection it belongs to.
import * as l10n from '@vscode/l10n';
import { IMAGE_SIZES } from '../../../tmdb/imageUrls';
import type { CollectionDetails, MovieDetails } from '../../../tmdb/schemas';
import { titleOf } from '../../../model/titles';
import { formatNumber } from '../../../model/numbers';
import { facts, formatDate, image, section, shortName, usable, type RenderContext, cardLink, poster } from './markup';
import { escapeHtml } from '../../../common/escapeHtml';
import { outsideLinks } from './titleParts';

/** The parts in release order; a part with no date yet (announced) last. */
export function partsInOrder(collection: CollectionDetails): CollectionDetails['parts'] {
  return [...collection.parts].sort((a, b) => (a.release_date ?? '9999').localeCompare(b.release_date ?? '9999'));
}

export function renderCollection(collection: CollectionDetails, ctx: RenderContext): string {
  ctx = usable(ctx);
  const parts = partsInOrder(collection);
  const today = ctx.today ?? new Date().toISOString().slice(0, 10);
  const cards = parts
    .map((part) => {
      const { name: title, year } = titleOf('movie', part);
      const name = shortName(title);
      const upcoming = !part.release_date || part.release_date > today;
      const details = [
        year || l10n.t('No date yet'),
        !upcoming && part.vote_count > 0 ? l10n.t('Score {0}', formatNumber(part.vote_average, ctx.locale, 1)) : '',
      ]
        .filter(Boolean)
        .join(' · ');
      return `<li class="card">${cardLink(ctx, { kind: 'movie', id: part.id }, poster(part.poster_path), name, `<span class="muted">${escapeHtml(details)}</span>`)}${
        upcoming ? `<span class="badge">${escapeHtml(l10n.t('Upcoming'))}</span>` : ''
      }</li>`;
    })
    .join('');
  const dated = parts.filter((part) => part.release_date);
  return `<header class="hero compact"><div class="hero-body">
${image(ctx, IMAGE_SIZES.listPoster, collection.poster_path, collection.name, 'poster')}
<div class="headline"><p class="kind">${escapeHtml(l10n.t('Collection'))}</p><h1>${escapeHtml(collection.name)}</h1></div></div></header>
<div class="columns"><div class="main">
${section(l10n.t('Overview'), collection.overview ? `<p class="overview">${escapeHtml(collection.overview)}</p>` : '')}
${section(l10n.t('Movies'), parts.length ? `<ol class="cards collection-parts">${cards}</ol>` : `<p class="muted">${escapeHtml(l10n.t('No movies in this collection yet.'))}</p>`, 'parts')}
</div><aside class="side">
${facts([
  [l10n.t('Movies'), escapeHtml(formatNumber(parts.length, ctx.locale))],
  [l10n.t('First released'), escapeHtml(formatDate(dated[0]?.release_date ?? null, ctx.locale))],
  [l10n.t('Last released'), escapeHtml(formatDate(dated.at(-1)?.release_date ?? null, ctx.locale))],
])}
${outsideLinks(ctx, 'collection', collection.id, null)}
</aside></div>`;
}

/** On a movie's page: the collection it belongs to, a link to its page. */
export function collectionCard(movie: MovieDetails, ctx: RenderContext): string {
  const collection = movie.belongs_to_collection;
  if (!collection) return '';
  return section(
    l10n.t('Part of a collection'),
    `<ul class="cards"><li class="card">${cardLink(ctx, { kind: 'collection', id: collection.id }, poster(collection.poster_path), collection.name)}</li></ul>`,
    'collection',
  );
}
