// Every notification the extension shows goes through here, and here its text and its buttons are made
// inert and one line (../common/plainText): no link, icon, command, line break or direction override from
// TMDB's titles and messages, a list's name, a file or a setting's value, whichever words of a message came
// from outside. No notification of ours carries a
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

/**
 * A modal question (a dialog over the window) in our words: its question on one line, its detail's own
 * paragraphs kept and each made inert, its buttons inert like every notification's.
 */
export async function askModal(message: string, detail: string, ...buttons: string[]): Promise<string | undefined> {
  const shown = buttons.map(plainText);
  const lines = detail.split('\n').map(plainText).join('\n');
  const choice = await vscode.window.showWarningMessage(plainText(message), { modal: true, detail: lines }, ...shown);
  return choice === undefined ? undefined : buttons[shown.indexOf(choice)];
}

/**
 * A modal question about something with outside text (a list's name): our question, then the subject on a
 * line of its own after our label (`List: …`, one line, as the chat's confirmations set TMDB's text apart),
 * then our detail. Nothing of the name can read as our sentence, add a line or turn around.
 */
export function askAbout(
  ask: { question: string; subject: [label: string, text: string]; detail: string },
  ...buttons: string[]
): Promise<string | undefined> {
  const [label, text] = ask.subject;
  return askModal(ask.question, `${label}: ${plainText(text)}\n\n${ask.detail}`, ...buttons);
}
