// Up Next: the next episodes of the series you follow (watchlist, favorites, rated), in a view and in the
// status bar, and exported as a calendar.
import * as vscode from 'vscode';
import { Commands } from '../../common/ids';
import { feature } from '../../core/feature';
import { UpNextService } from './upNext';
import { onceAsync } from '../../common/once';
import { upNextHostSlice } from './deferredPart';
import { STATUS_BAR_DELAY_MS, UpNextStatus } from './upNextStatus';
import { UpNextView } from './upNextView';

export const upNextFeature = feature(
  ({ client, credentials, watchlist, favorites, ratings, settings, log, testMode, doors }) => {
    const upNext = new UpNextService(client, credentials, { watchlist, favorites, ratings }, log, () =>
      doors.get('watched'),
    );
    const upNextView = new UpNextView(client, credentials, upNext, log);
    const upNextStatus = new UpNextStatus(upNext, credentials, testMode ? undefined : { delayMs: STATUS_BAR_DELAY_MS });
    const watched = () => doors.get('watched');
    // The commands load with their first use (the status bar's click, the export, a row's ✓).
    const commands = onceAsync(
      async () => new (await upNextHostSlice.load()).UpNextCommands(upNext, credentials, settings, log, watched),
    );
    return {
      // The file to write comes as an argument in test mode only (no file is overwritten from outside).
      commands: ({ credentialArguments }) => ({
        [Commands.upNextRefresh]: () => upNextView.refresh(),
        [Commands.showUpNext]: async () => (await commands()).show(),
        [Commands.exportUpcoming]: async (target?: unknown) =>
          (await commands()).exportUpcoming(credentialArguments && target instanceof vscode.Uri ? target : undefined),
        [Commands.markNextEpisodeWatched]: async (row?: unknown) => (await commands()).markNext(row),
      }),
      disposables: [upNext, upNextView, upNextStatus],
      exposed: { upNext, upNextView, upNextStatus },
    };
  },
);
