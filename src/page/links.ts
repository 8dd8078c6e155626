// Where the page's links lead: a TMDB link (a title, a person, a credit) is followed in this panel (Back
// returns), or with Ctrl, Cmd, Shift or a middle click in a tab of its own; Back and Forward come from the
// history bar's buttons and from the mouse's own back and forward buttons. (Alt+Left and Alt+Right are the
// extension's keybindings: VS Code hands the keys to the workbench.) A web address (Homepage, IMDb, Open on
// TMDB) is left to VS Code's own link handling, which opens it once, in the browser.
import { refFromText } from '../model/panelRef';
import type { PageMessage } from '../webview/protocol';

export function bindLinks(content: HTMLElement, post: (message: PageMessage) => void): void {
  content.addEventListener('click', (event) => {
    const anchor = (event.target as HTMLElement).closest('a');
    // Opening a web address here as well made two tabs.
    if (!anchor || anchor.dataset.external) return;
    event.preventDefault();
    // Not on to the webview's own handler, which takes an `href="#"` to the top of the page (VS Code's
    // webview host: the place kept is left as the link is followed).
    event.stopPropagation();
    const linked = refFromText(anchor.dataset.kind, anchor.dataset.id);
    if (linked) post({ type: 'open', ref: linked, newTab: event.ctrlKey || event.metaKey || event.shiftKey });
  });

  content.addEventListener('auxclick', (event) => {
    const anchor = (event.target as HTMLElement).closest('a');
    if (event.button !== 1 || !anchor || anchor.dataset.external) return;
    event.preventDefault();
    const linked = refFromText(anchor.dataset.kind, anchor.dataset.id);
    if (linked) post({ type: 'open', ref: linked, newTab: true });
  });

  document.querySelector('nav.history')?.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-nav]');
    if (button && !button.disabled) post({ type: button.dataset.nav === 'forward' ? 'forward' : 'back' });
  });
  window.addEventListener('mouseup', (event) => {
    if (event.button !== 3 && event.button !== 4) return;
    event.preventDefault();
    post({ type: event.button === 3 ? 'back' : 'forward' });
  });
}
