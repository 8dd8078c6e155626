// Up Next: the next episodes of the series you follow (watchlist, favorites, rated), in a view and in the
// status bar, and exported as a calendar.
import * as vscode from 'vscode';
import { Commands } from '../../common/ids';
import { feature } from '../../core/feature';
import { UpNextService } from './upNext';
import { UpNextCommands } from './upNextCommands';
import { STATUS_BAR_DELAY_MS, UpNextStatus } from './upNextStatus';
import { UpNextView } from './upNextView';

export const upNextFeature = feature(
  ({ client, credentials, watchlist, favorites, ratings, settings, log, testMode }) => {
    const upNext = new UpNextService(client, credentials, { watchlist, favorites, ratings }, log);
    const upNextView = new UpNextView(client, credentials, upNext, log);
    const upNextStatus = new UpNextStatus(upNext, credentials, testMode ? undefined : { delayMs: STATUS_BAR_DELAY_MS });
    const commands = new UpNextCommands(upNext, credentials, settings, log);
    return {
      // The file to write comes as an argument in test mode only (no file is overwritten from outside).
      commands: ({ credentialArguments }) => ({
        [Commands.upNextRefresh]: () => upNextView.refresh(),
        [Commands.showUpNext]: () => commands.show(),
        [Commands.exportUpcoming]: (target?: unknown) =>
          commands.exportUpcoming(credentialArguments && target instanceof vscode.Uri ? target : undefined),
      }),
      disposables: [upNext, upNextView, upNextStatus],
      exposed: { upNext, upNextView, upNextStatus },
    };
  },
);
