// Trending People and Trending Titles: the two views (the people's faces are the core's kept pictures),
// their day/week switch and refresh.
import { Commands } from '../../common/ids';
import { feature } from '../../core/feature';
import { TrendingTitlesView } from './trendingTitlesView';
import { TrendingView } from './trendingView';

export const trendingFeature = feature(({ context, client, credentials, log, pictures }) => {
  const trending = new TrendingView(client, credentials, context.globalState, pictures, log);
  const trendingTitles = new TrendingTitlesView(client, credentials, context.globalState, log);
  /** One day/week switch for both trending views. */
  const setWindow = async (window: 'day' | 'week') => {
    await trending.setWindow(window);
    trendingTitles.windowChanged();
  };
  return {
    commands: () => ({
      [Commands.trendingShowDay]: () => setWindow('day'),
      [Commands.trendingShowWeek]: () => setWindow('week'),
      [Commands.trendingRefresh]: () => trending.refresh(),
      [Commands.trendingTitlesRefresh]: () => trendingTitles.refresh(),
    }),
    disposables: [trending, trendingTitles],
    exposed: { trending, trendingTitles },
  };
});
