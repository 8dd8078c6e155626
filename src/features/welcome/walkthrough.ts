// The Get Started walkthrough: opened once, after the first install, and on demand.
import * as vscode from 'vscode';
import { EXTENSION_ID, StateKeys } from '../../common/ids';

export const WALKTHROUGH_ID = `${EXTENSION_ID}#tmdb.getStarted`;

export function openWalkthrough(): Thenable<unknown> {
  return vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH_ID, false);
}

/** VS Code's own setting for walkthroughs opening by themselves after an install. */
function walkthroughsOpenOnInstall(): boolean {
  return vscode.workspace.getConfiguration('workbench.welcomePage').get<boolean>('walkthroughs.openOnInstall', true);
}

/**
 * The first activation after install opens the walkthrough; later ones do not. VS Code opens an extension's
 * walkthrough when it is installed from the Extensions view, but not for one installed from the command line
 * or brought by a profile: so the extension does it once itself, unless the person turned walkthroughs off
 * (`workbench.welcomePage.walkthroughs.openOnInstall`).
 */
export async function openWalkthroughOnce(
  state: vscode.Memento,
  open: () => Thenable<unknown> = openWalkthrough,
  wanted: () => boolean = walkthroughsOpenOnInstall,
): Promise<void> {
  if (state.get<boolean>(StateKeys.walkthroughShown)) return;
  await state.update(StateKeys.walkthroughShown, true);
  if (wanted()) await open();
}
