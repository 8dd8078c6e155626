// Every notification the extension shows goes through here, and here its text and its buttons are made
// inert (./plainText): no link, icon or command from TMDB's titles and messages, a list's name or a
// setting's value, whichever words of a message came from outside. No notification of ours carries a
// link of its own (the sign-in's links are in a progress notification, which is not shown from here).
import * as vscode from 'vscode';
import { plainText } from '../common/plainText';

type Show = (message: string, ...items: string[]) => Thenable<string | undefined>;

/** Shows `message` with `buttons`; resolves to the button chosen, as the caller wrote it. */
async function show(level: Show, message: string, buttons: string[]): Promise<string | undefined> {
  const shown = buttons.map(plainText);
  const choice = await level(plainText(message), ...shown);
  return choice === undefined ? undefined : buttons[shown.indexOf(choice)];
}

export function notifyInfo(message: string, ...buttons: string[]): Promise<string | undefined> {
  return show(vscode.window.showInformationMessage, message, buttons);
}

export function notifyWarning(message: string, ...buttons: string[]): Promise<string | undefined> {
  return show(vscode.window.showWarningMessage, message, buttons);
}

export function notifyError(message: string, ...buttons: string[]): Promise<string | undefined> {
  return show(vscode.window.showErrorMessage, message, buttons);
}

/** A modal question (a dialog over the window): its text, detail and buttons inert like every notification's. */
export async function askModal(message: string, detail: string, ...buttons: string[]): Promise<string | undefined> {
  const shown = buttons.map(plainText);
  const choice = await vscode.window.showWarningMessage(
    plainText(message),
    { modal: true, detail: plainText(detail) },
    ...shown,
  );
  return choice === undefined ? undefined : buttons[shown.indexOf(choice)];
}
