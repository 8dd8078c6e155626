// A movie marked watched while it is on the watchlist: the person is offered to take it off, as trackers
// do (the mark is kept either way). Each caller takes it off its own way (a page shows the change at once).
import * as vscode from 'vscode';
import { notifyInfo } from '../kit/notify';

/** Asks whether to take `name` off the watchlist now it is watched; resolves to the answer (no answer: no). */
export async function offerOffWatchlist(name: string): Promise<boolean> {
  const takeOff = vscode.l10n.t('Take It Off');
  const choice = await notifyInfo(
    vscode.l10n.t('"{0}" is on your watchlist. Take it off, now that you have watched it?', name),
    takeOff,
    vscode.l10n.t('Keep It'),
  );
  return choice === takeOff;
}
