// Up Next's commands, for the command table (src/commands.ts).
import * as vscode from 'vscode';
import type { Credentials } from '../../auth/credentials';
import { Commands } from '../../common/ids';
import type { Logger } from '../../kit/log';
import type { Settings } from '../../settings/settings';
import type { UpNextService } from './upNext';
import { UpNextCommands } from './upNextCommands';
import type { UpNextView } from './upNextView';

export interface UpNextHandlerDeps {
  upNext: UpNextService;
  upNextView: UpNextView;
  credentials: Credentials;
  settings: () => Settings;
  log: Logger;
}

/** `fileArguments`: whether Export Upcoming Episodes takes the file to write as an argument (test mode only). */
export function upNextHandlers(deps: UpNextHandlerDeps, fileArguments: boolean) {
  const upNext = new UpNextCommands(deps.upNext, deps.credentials, deps.settings, deps.log);
  return {
    [Commands.upNextRefresh]: () => deps.upNextView.refresh(),
    [Commands.showUpNext]: () => upNext.show(),
    [Commands.exportUpcoming]: (target?: unknown) =>
      upNext.exportUpcoming(fileArguments && target instanceof vscode.Uri ? target : undefined),
  };
}
