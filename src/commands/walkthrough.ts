// The Get Started walkthrough: opened once, after the first install, and on demand.
import * as vscode from 'vscode';
import { EXTENSION_ID, StateKeys } from '../common/ids';

export const WALKTHROUGH_ID = `${EXTENSION_ID}#tmdb.getStarted`;

export function openWalkthrough(): Thenable<unknown> {
  return vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH_ID, false);
}

/** The first activation after install opens the walkthrough; later ones do not. */
export async function openWalkthroughOnce(state: vscode.Memento, open: () => Thenable<unknown> = openWalkthrough): Promise<void> {
  if (state.get<boolean>(StateKeys.walkthroughShown)) return;
  await state.update(StateKeys.walkthroughShown, true);
  await open();
}
