// The history bar at the top of the page: Back and Forward, each enabled when there is somewhere to go and
// naming where it leads ("← Fight Club"), when the panel knows the name. It stays in view as the page scrolls.
import type { PageStrings } from '../webview/pageContract';
import type { HostMessage } from '../webview/protocol';
import type { PanelRef } from '../model/panelRef';

type Location = Extract<HostMessage, { type: 'location' }>;

/** `known`: the name of a title the page showed before, when the panel does not say (it forgets names at a reload). */
export function showHistory(
  location: Location,
  words: Partial<PageStrings>,
  known: (ref: PanelRef) => string | undefined,
): void {
  const bar = document.querySelector<HTMLElement>('nav.history');
  if (!bar) return;
  const { back, forward } = location.history;
  bar.hidden = back.length === 0 && forward.length === 0;
  for (const button of Array.from(bar.querySelectorAll<HTMLButtonElement>('button[data-nav]'))) {
    const backward = button.dataset.nav === 'back';
    button.disabled = (backward ? back : forward).length === 0;
    // The button's own words ("Back") are kept the first time, for a step whose name is not known.
    button.dataset.label ??= button.getAttribute('aria-label') ?? '';
    const to = backward ? back.at(-1) : forward[0];
    const name = !to ? undefined : ((backward ? location.backTitle : location.forwardTitle) ?? known(to));
    const pattern = (backward ? words.backTo : words.forwardTo) ?? '{0}';
    // A function, not a string: a name holding "$&" is put in as it is.
    const label = name ? pattern.replace('{0}', () => name) : button.dataset.label;
    const where = button.querySelector('.where');
    if (where) where.textContent = name ?? '';
    button.setAttribute('aria-label', label);
    button.title = `${label} (${button.dataset.keys ?? ''})`;
  }
}
