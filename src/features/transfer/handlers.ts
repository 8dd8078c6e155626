// Export and import of a person's titles, for the command table (src/commands.ts).
import * as vscode from 'vscode';
import { Commands } from '../../common/ids';
import type { ExportChoice, Exporter } from './exportCommand';

export interface TransferHandlerDeps {
  exporter: Exporter;
}

/** `testArguments`: the export's choices and file come as an argument (test mode only: no file is overwritten from outside). */
export function transferHandlers(deps: TransferHandlerDeps, testArguments: boolean) {
  return {
    [Commands.exportLibrary]: (arg?: unknown, choice?: unknown) =>
      deps.exporter.export(arg, testArguments && isChoice(choice) ? choice : {}),
  };
}

function isChoice(value: unknown): value is ExportChoice {
  return typeof value === 'object' && value !== null && (!('target' in value) || value.target instanceof vscode.Uri);
}
