// TMDB's videos as the extension offers them, on a page and in the chat alike: which can be opened (YouTube
// and Vimeo, by an address built here), and in which order (the official trailer first). No vscode import.
import * as l10n from '@vscode/l10n';

/** What of a TMDB video this reads. */
export interface VideoFacts {
  site: string;
  key: string;
  type: string;
  official?: boolean | null;
  published_at?: string | null;
}

/** A video's address, built from `site` and `key` (YouTube and Vimeo only; nothing else is linked). */
export function videoUrl(video: Pick<VideoFacts, 'site' | 'key'>): string | undefined {
  if (video.site === 'YouTube' && /^[\w-]{1,64}$/.test(video.key))
    return `https://www.youtube.com/watch?v=${video.key}`;
  if (video.site === 'Vimeo' && /^\d{1,20}$/.test(video.key)) return `https://vimeo.com/${video.key}`;
  return undefined;
}

/** TMDB's video types in the order a page lists them, each as a reader says it (functions: translated when asked). */
const VIDEO_TYPES: ReadonlyArray<readonly [type: string, label: () => string]> = [
  ['Trailer', () => l10n.t('Trailer')],
  ['Teaser', () => l10n.t('Teaser')],
  ['Clip', () => l10n.t('Clip')],
  ['Featurette', () => l10n.t('Featurette')],
  ['Behind the Scenes', () => l10n.t('Behind the Scenes')],
  ['Bloopers', () => l10n.t('Bloopers')],
  ['Opening Credits', () => l10n.t('Opening Credits')],
];

/** A video type as a reader says it; an unknown one as TMDB names it. */
export function videoTypeLabel(type: string): string {
  return VIDEO_TYPES.find(([known]) => known === type)?.[1]() ?? type;
}

/** Official trailers first, then trailers, teasers, clips and the rest; official before not; newest first. */
function videoRank(video: VideoFacts): [number, number, number, number] {
  const type = VIDEO_TYPES.findIndex(([known]) => known === video.type);
  return [
    video.type === 'Trailer' && video.official ? 0 : 1,
    type === -1 ? VIDEO_TYPES.length : type,
    video.official ? 0 : 1,
    -Date.parse(video.published_at ?? '') || 0,
  ];
}

function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** The videos that can be opened (YouTube or Vimeo), the official trailer first (see `videoRank`). */
export function rankVideos<V extends VideoFacts>(videos: readonly V[]): V[] {
  return videos
    .filter((video) => videoUrl(video))
    .map((video) => ({ video, rank: videoRank(video) }))
    .sort((a, b) => compareRanks(a.rank, b.rank))
    .map(({ video }) => video);
}
