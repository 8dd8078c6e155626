// A hover card's picture. VS Code draws a hover's pictures from https addresses (and data) only: TMDB's
// image host is https, and its address goes in as it is. A loopback image host over http (the stand-in
// of `npm run demo`, a local proxy) is read here instead, capped, and goes in as data.
import { pictureBytes } from '../../common/readCapped';

/** The largest picture put into a card as data (a w92 poster is a few KB). */
export const MAX_INLINE_PICTURE = 64 * 1024;
const KEPT = 100;

const kept = new Map<string, Promise<string | undefined>>();

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

async function inline(url: string): Promise<string | undefined> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  const type = response.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
  if (!response.ok || !/^image\/(?:jpeg|png|webp|gif|svg\+xml)$/.test(type)) return undefined;
  const bytes = await pictureBytes(response, MAX_INLINE_PICTURE);
  return bytes && `data:${type};base64,${base64(bytes)}`;
}

/** What a card's picture is drawn from: the address itself (https), or the picture as data (http on loopback). */
export function pictureSource(url: string | undefined): Promise<string | undefined> {
  if (!url || url.startsWith('https://')) return Promise.resolve(url);
  let source = kept.get(url);
  if (!source) {
    source = inline(url).catch(() => undefined);
    kept.set(url, source);
    // A picture that could not be read is asked for again by the next card.
    const asked = source;
    void asked.then((read) => {
      if (read === undefined && kept.get(url) === asked) kept.delete(url);
    });
    if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  }
  return source;
}
