// Export and import of a person's titles, for the command table (src/commands.ts).
import * as vscode from 'vscode';
import { Commands } from '../../common/ids';
import type { ExportChoice, Exporter } from './exportCommand';
import type { ImportChoice, Importer } from './importCommand';

export interface TransferHandlerDeps {
  exporter: Exporter;
  importer: Importer;
}

/** `testArguments`: the export's choices and file come as an argument (test mode only: no file is overwritten from outside). */
export function transferHandlers(deps: TransferHandlerDeps, testArguments: boolean) {
  return {
    [Commands.exportLibrary]: (arg?: unknown, choice?: unknown) =>
      deps.exporter.export(arg, testArguments && isChoice(choice) ? choice : {}),
    [Commands.importLibrary]: (choice?: unknown) =>
      deps.importer.import(testArguments && isImportChoice(choice) ? choice : {}),
    [Commands.resumeImport]: () => deps.importer.resume(),
  };
}

function isChoice(value: unknown): value is ExportChoice {
  return typeof value === 'object' && value !== null && (!('target' in value) || value.target instanceof vscode.Uri);
}

function isImportChoice(value: unknown): value is ImportChoice {
  return typeof value === 'object' && value !== null && (!('file' in value) || value.file instanceof vscode.Uri);
}
