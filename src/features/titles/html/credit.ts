// The credit page (`GET /3/credit/{credit_id}`): who played or did what, in which title.
import * as l10n from '@vscode/l10n';
import { IMAGE_SIZES } from '../../../tmdb/imageUrls';
import type { CreditDetails } from '../../../tmdb/schemas';
import { titleOf } from '../../../model/titles';
import { facts, formatDate, image, panelLink, section, usable, type RenderContext } from './markup';
import { escapeHtml } from '../../../common/escapeHtml';
import { seasonName } from './series';
import { overview } from './titleParts';
import { departmentName, jobName } from '../../../model/valueNames';

export function renderCredit(credit: CreditDetails, ctx: RenderContext): string {
  ctx = usable(ctx);
  const { media, person } = credit;
  const { name: mediaTitle, year: mediaYear } = titleOf(credit.media_type, media);
  const role =
    credit.credit_type === 'cast'
      ? media.character || jobName(credit.job)
      : `${jobName(credit.job)}${credit.department ? ` (${departmentName(credit.department)})` : ''}`;
  const episodes = media.episodes.length
    ? `<ul class="plain">${media.episodes
        .map(
          (episode) =>
            `<li>${escapeHtml(l10n.t('S{0} · E{1}: {2}', episode.season_number, episode.episode_number, episode.name))} <span class="muted">${escapeHtml(formatDate(episode.air_date, ctx.locale))}</span></li>`,
        )
        .join('')}</ul>`
    : '';
  const seasons = media.seasons.length
    ? `<ul class="plain">${media.seasons.map((season) => `<li>${escapeHtml(seasonName(season))}</li>`).join('')}</ul>`
    : '';
  return `<header class="hero compact"><div class="hero-body">
${image(ctx, IMAGE_SIZES.profile, person.profile_path, person.name, 'poster')}
<div class="headline"><p class="kind">${escapeHtml(creditTypeLabel(credit.credit_type))}</p>
<h1>${panelLink({ kind: 'person', id: person.id }, person.name || person.original_name)}</h1>
<p class="role">${credit.credit_type === 'cast' ? escapeHtml(l10n.t({ message: 'as', comment: ['Before a role: "as Tyler Durden"'] })) + ' ' : ''}<strong>${escapeHtml(role || l10n.t('Unknown role'))}</strong></p>
<p>${escapeHtml(l10n.t({ message: 'in', comment: ['Before a title: "in Fight Club"'] }))} ${panelLink({ kind: credit.media_type, id: media.id }, mediaTitle)} <span class="muted">${escapeHtml(mediaYear)}</span></p>
</div></div></header>
<div class="columns"><div class="main">
<figure class="media-figure">${image(ctx, IMAGE_SIZES.panelPoster, media.poster_path, l10n.t('Poster of {0}', mediaTitle), 'media-poster')}<figcaption>${panelLink({ kind: credit.media_type, id: media.id }, mediaTitle)} <span class="muted">${escapeHtml(mediaYear)}</span></figcaption></figure>
${overview(media.overview)}
${section(l10n.t('Episodes'), episodes)}
${section(l10n.t('Seasons'), seasons)}
</div><aside class="side">${facts([
    [l10n.t('Department'), escapeHtml(departmentName(credit.department))],
    [l10n.t('Job'), escapeHtml(jobName(credit.job))],
    [l10n.t('Credit'), escapeHtml(creditTypeLabel(credit.credit_type))],
  ])}</aside></div>`;
}

/** TMDB's `credit_type` (`cast`, `crew`) as a reader says it. */
function creditTypeLabel(type: string): string {
  return type === 'cast' ? l10n.t('Cast credit') : type === 'crew' ? l10n.t('Crew credit') : l10n.t('Credit');
}
