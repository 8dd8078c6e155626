// Trending People and Trending Titles: the two views, their day/week switch and refresh, and the
// people's pictures kept on disk.
import * as vscode from 'vscode';
import { Commands } from '../../common/ids';
import { IN_BROWSER } from '../../common/host';
import { feature } from '../../core/feature';
import { AvatarCache } from './avatarCache';
import { TrendingTitlesView } from './trendingTitlesView';
import { TrendingView } from './trendingView';

export const trendingFeature = feature(({ context, client, credentials, settings, log, keepsCache }) => {
  // In a browser a saved picture cannot be a tree icon (its storage is no address the page can load): rows keep their codicon.
  const avatars = new AvatarCache(vscode.Uri.joinPath(context.globalStorageUri, 'images'), settings, log, {
    enabled: !IN_BROWSER,
  });
  keepsCache(() => avatars.clear());
  const trending = new TrendingView(client, credentials, context.globalState, avatars, log);
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
    exposed: { trending, trendingTitles, avatars },
  };
});
