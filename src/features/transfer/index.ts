// Export and import of a person's titles (Letterboxd and IMDb CSV files): the commands, and the offer to
// go on with an import a cancel, a crash or a reload stopped.
import * as vscode from 'vscode';
import { Commands } from '../../common/ids';
import { feature } from '../../core/feature';
import { Exporter, type ExportChoice } from './exportCommand';
import { Importer, type ImportChoice } from './importCommand';

export const transferFeature = feature(({ context, client, credentials, listService, settings, log, testMode }) => {
  const exporter = new Exporter({ client, credentials, listService, log });
  const importer = new Importer({
    ...{ client, credentials, listService, log },
    state: context.globalState,
    imageBaseUrl: () => settings().imageBaseUrl,
  });
  return {
    // The choices and the file come as an argument in test mode only (no file is overwritten from outside).
    commands: ({ credentialArguments }) => ({
      [Commands.exportLibrary]: (arg?: unknown, choice?: unknown) =>
        exporter.export(arg, credentialArguments && isChoice(choice) ? choice : {}),
      [Commands.importLibrary]: (choice?: unknown) =>
        importer.import(credentialArguments && isImportChoice(choice) ? choice : {}),
      [Commands.resumeImport]: () => importer.resume(),
    }),
    disposables: [
      // An import a cancel, a crash or a reload stopped is offered again, once signed in.
      credentials.follow(({ session }, initial) => {
        if (initial && session && !testMode) void importer.offerResume();
      }),
    ],
    exposed: { exporter, importer },
  };
});

function isChoice(value: unknown): value is ExportChoice {
  return typeof value === 'object' && value !== null && (!('target' in value) || value.target instanceof vscode.Uri);
}

function isImportChoice(value: unknown): value is ImportChoice {
  return typeof value === 'object' && value !== null && (!('file' in value) || value.file instanceof vscode.Uri);
}
