// The context a page is rendered with in the tests: TMDB's own addresses, the United States, English, and
// (when given) a fixed today, so what is upcoming does not move with the clock.
import type { RenderContext } from '../../src/features/titles/html/markup';

export function pageContext(changes: Partial<RenderContext> = {}): RenderContext {
  return {
    imageBaseUrl: 'https://image.tmdb.org/t/p',
    webBaseUrl: 'https://www.themoviedb.org',
    region: 'US',
    locale: 'en-US',
    ...changes,
  };
}
