// Export and import of a person's titles (Letterboxd and IMDb CSV files, JSON out), and of what they
// watched (Letterboxd's diary and watched files in, CSV and JSON out): the commands, and the offer to
// go on with an import a cancel, a crash or a reload stopped. Their code loads with the first use
// (./deferredPart: transferHostSlice), or at start when an import waits to be resumed.
import * as vscode from 'vscode';
import { Commands, StateKeys } from '../../common/ids';
import { onceAsync } from '../../common/once';
import { feature } from '../../core/feature';
import { transferHostSlice } from './deferredPart';
import type { ExportChoice } from './exportCommand';
import type { ImportChoice } from './importCommand';

export const transferFeature = feature((core) => {
  const { context, client, credentials, listService, ratings, watchlist, pictures, log, testMode, doors } = core;
  const exporter = onceAsync(
    async () =>
      new (await transferHostSlice.load()).Exporter({
        ...{ client, credentials, listService, log },
        watched: doors.get('watched'),
      }),
  );
  const importer = onceAsync(
    async () =>
      new (await transferHostSlice.load()).Importer({
        ...{ client, credentials, listService, ratings, watchlist, log },
        state: context.globalState,
        watched: doors.get('watched'),
        pictures,
        keep: (disposable) => void context.subscriptions.push(disposable),
      }),
  );
  /** Whether an import waits to be resumed (its job kept in global state; the importer reads it strictly). */
  const waiting = () => {
    const job = context.globalState.get<unknown>(StateKeys.importJob);
    return typeof job === 'object' && job !== null;
  };
  // The importer says whether Resume Import is offered (a context key): at start, when there is one to resume.
  if (waiting())
    importer().catch((error: unknown) => log.warn('transfer', `could not read the import to resume: ${String(error)}`));
  return {
    // The choices and the file come as an argument in test mode only (no file is overwritten from outside).
    commands: ({ credentialArguments }) => ({
      [Commands.exportLibrary]: async (arg?: unknown, choice?: unknown) =>
        (await exporter()).export(arg, credentialArguments && isChoice(choice) ? choice : {}),
      [Commands.importLibrary]: async (choice?: unknown) =>
        (await importer()).import(credentialArguments && isImportChoice(choice) ? choice : {}),
      [Commands.resumeImport]: async () => (await importer()).resume(),
    }),
    disposables: [
      // An import a cancel, a crash or a reload stopped is offered again, once signed in.
      credentials.follow(({ session }, initial) => {
        if (initial && session && !testMode && waiting())
          importer()
            .then((found) => found.offerResume())
            .catch((error: unknown) => log.warn('transfer', `could not offer to resume the import: ${String(error)}`));
      }),
    ],
    exposed: {},
  };
});

function isChoice(value: unknown): value is ExportChoice {
  return typeof value === 'object' && value !== null && (!('target' in value) || value.target instanceof vscode.Uri);
}

function isImportChoice(value: unknown): value is ImportChoice {
  return typeof value === 'object' && value !== null && (!('file' in value) || value.file instanceof vscode.Uri);
}
