// What an account action says when nobody is signed in: why signing in is needed, and a button for it.
import * as vscode from 'vscode';
import { notifyInfo } from '../kit/notify';
import { Commands } from '../common/ids';
import type { Credentials } from './credentials';

export async function askToSignIn(why: string): Promise<void> {
  const signIn = vscode.l10n.t('Sign In');
  if ((await notifyInfo(why, signIn)) === signIn) await vscode.commands.executeCommand(Commands.signIn);
}

/** Whether someone is signed in; if not, says why it is needed and offers to sign in. */
export async function ensureSignedIn(credentials: Credentials, why: string): Promise<boolean> {
  if (await credentials.currentSession()) return true;
  await askToSignIn(why);
  return false;
}
