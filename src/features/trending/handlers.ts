// Trending People's and Trending Titles' commands, for the command table (src/commands.ts).
import { Commands } from '../../common/ids';
import type { TrendingTitlesView } from './trendingTitlesView';
import type { TrendingView } from './trendingView';

export function trendingHandlers(deps: { trending: TrendingView; trendingTitles: TrendingTitlesView }) {
  /** One day/week switch for both trending views. */
  const setWindow = async (window: 'day' | 'week') => {
    await deps.trending.setWindow(window);
    deps.trendingTitles.windowChanged();
  };
  return {
    [Commands.trendingShowDay]: () => setWindow('day'),
    [Commands.trendingShowWeek]: () => setWindow('week'),
    [Commands.trendingRefresh]: () => deps.trending.refresh(),
    [Commands.trendingTitlesRefresh]: () => deps.trendingTitles.refresh(),
  };
}
