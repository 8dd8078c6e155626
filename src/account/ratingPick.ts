// The rating quick pick: 10 down to 0.5 (the current one said), and Remove Rating when there is one. What the
// palette's Rate…, a row's Rate… and an episode's ☆ Rate ask with; the title is shown as typed (no icon).
import * as vscode from 'vscode';
import { pickText } from '../common/plainText';
import { formatRating, RATING_VALUES } from '../model/ratings';
import { displayLocale } from '../settings/settings';

/** The pick: `{ value }` a rating, `{}` Remove Rating, undefined when the person closed it. */
export async function pickRating(name: string, current: number | undefined): Promise<{ value?: number } | undefined> {
  const items: Array<vscode.QuickPickItem & { value?: number }> = RATING_VALUES.map((value) => ({
    label: `★ ${formatRating(value, displayLocale())}`,
    description: value === current ? vscode.l10n.t('your rating') : undefined,
    value,
  }));
  if (current !== undefined)
    items.push(
      { label: '', kind: vscode.QuickPickItemKind.Separator },
      { label: `$(close) ${vscode.l10n.t('Remove Rating')}` },
    );
  return vscode.window.showQuickPick(items, {
    title: vscode.l10n.t('Rate "{0}"', pickText(name)),
    placeHolder: vscode.l10n.t('0.5 to 10'),
  });
}
