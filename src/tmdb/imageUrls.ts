// Image URLs, built null-safely: a null or empty path gives no URL, never ".../w185null".

export type ImageSize = 'w45' | 'w92' | 'w154' | 'w185' | 'w300' | 'w342' | 'w500' | 'w780' | 'w1280' | 'h632';

/** Sizes fit for each place an image appears (never `original`). */
export const IMAGE_SIZES = {
  listPoster: 'w92',
  panelPoster: 'w342',
  // Behind the title at 18 % opacity: w780 is as sharp there as w1280, at half the bytes.
  backdrop: 'w780',
  profile: 'w185',
  avatar: 'w45',
  logo: 'w92',
  still: 'w300',
  // The poster opened from a page: as large as a screen shows it well.
  fullPoster: 'w780',
} as const satisfies Record<string, ImageSize>;

/**
 * A TMDB image path is one file name: `/8kSerJrhrJWKLk1LViesGcnrUPE.jpg`. Anything else (`/../x`,
 * `/%2e%2e/x`, `//host/x`, a query) could leave the image base's folder, so it gives no URL.
 */
const IMAGE_PATH = /^\/[A-Za-z0-9_-]+\.(?:jpe?g|png|svg|webp|gif)$/i;

export function imageUrl(baseUrl: string, size: ImageSize, path: string | null | undefined): string | undefined {
  if (!path || !IMAGE_PATH.test(path)) return undefined;
  return `${baseUrl.replace(/\/+$/, '')}/${size}${path}`;
}

/** The origin of the image host, for a webview's Content-Security-Policy `img-src`. */
/**
 * The image host's origin, for the panels' Content-Security-Policy: only a plain `https://host[:port]`
 * (or `http://` on loopback), so nothing else can ride into the policy (`https://a;script-src …`).
 */
export function imageOrigin(baseUrl: string): string | undefined {
  let origin: string;
  try {
    origin = new URL(baseUrl).origin;
  } catch {
    return undefined;
  }
  const match = /^(https?):\/\/([\w.-]+|\[::1\])(:\d+)?$/.exec(origin);
  if (!match) return undefined;
  const loopback = match[2] === '127.0.0.1' || match[2] === 'localhost' || match[2] === '[::1]';
  return match[1] === 'https' || loopback ? origin : undefined;
}

/**
 * The most a row's picture may weigh. TMDB's 45 px profiles are 2–6 KB; an answer past this (a
 * misconfigured image host, a hostile one) is refused as it streams in, and nothing of it is kept.
 */
export const MAX_PICTURE_BYTES = 256 * 1024;
