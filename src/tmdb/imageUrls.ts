// Image URLs, built null-safely: a null or empty path gives no URL, never ".../w185null".

export type ImageSize = 'w45' | 'w92' | 'w154' | 'w185' | 'w300' | 'w342' | 'w500' | 'w780' | 'w1280' | 'h632';

/** Sizes fit for each place an image appears (never `original`). */
export const IMAGE_SIZES = {
  listPoster: 'w92',
  panelPoster: 'w342',
  backdrop: 'w1280',
  profile: 'w185',
  avatar: 'w45',
  logo: 'w92',
  still: 'w300',
} as const satisfies Record<string, ImageSize>;

export function imageUrl(baseUrl: string, size: ImageSize, path: string | null | undefined): string | undefined {
  if (!path || !path.startsWith('/') || path.includes('..')) return undefined;
  return `${baseUrl.replace(/\/+$/, '')}/${size}${path}`;
}

/** The origin of the image host, for a webview's Content-Security-Policy `img-src`. */
export function imageOrigin(baseUrl: string): string | undefined {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return undefined;
  }
}
