// @ts-check
// The detail panel's page script. It keeps only {kind, id} in its state, says `ready` before the host
// posts anything, accepts only the host's known message shapes, and turns clicks into messages.
(function () {
  // @ts-ignore acquireVsCodeApi is provided by the webview host.
  const vscode = acquireVsCodeApi();
  const content = /** @type {HTMLElement} */ (document.getElementById('content'));
  const kind = document.body.dataset.kind;
  const id = document.body.dataset.id;
  vscode.setState({ kind, id: kind === 'credit' ? id : Number(id) });

  /** @param {unknown} message */
  const post = (message) => vscode.postMessage(message);

  /** @type {{ state: string, pending?: string, error?: string }} */
  let watchlist = { state: 'unavailable' };

  function renderWatchlist() {
    const button = /** @type {HTMLButtonElement | null} */ (content.querySelector('button.watchlist'));
    const status = content.querySelector('.watchlist-status');
    if (!button || !status) return;
    const on = watchlist.state === 'on';
    button.hidden = watchlist.state === 'unavailable' && !watchlist.error;
    button.disabled = Boolean(watchlist.pending) || watchlist.state === 'unavailable';
    button.setAttribute('aria-pressed', String(on));
    button.classList.toggle('on', on);
    button.textContent =
      watchlist.state === 'signedOut' ? 'Sign in to use your watchlist' : on ? '✓ On your watchlist' : '+ Add to watchlist';
    button.title = on ? 'Remove from your TMDB watchlist' : 'Add to your TMDB watchlist';
    status.textContent = watchlist.pending ? 'Saving…' : watchlist.error ?? '';
    status.classList.toggle('error', Boolean(watchlist.error));
  }

  window.addEventListener('message', (event) => {
    const message = event.data;
    if (!message || typeof message !== 'object' || typeof message.type !== 'string') {
      console.warn('[tmdb] dropped a message that is not from the extension');
      return;
    }
    switch (message.type) {
      case 'loading':
        content.setAttribute('aria-busy', 'true');
        content.innerHTML = '<div class="state loading" role="status"><span class="spinner" aria-hidden="true"></span>Loading from TMDB…</div>';
        break;
      case 'render':
      case 'error':
        if (typeof message.html !== 'string') return;
        content.innerHTML = message.html;
        content.setAttribute('aria-busy', 'false');
        renderWatchlist();
        break;
      case 'watchlist':
        if (message.watchlist && typeof message.watchlist.state === 'string') {
          watchlist = message.watchlist;
          renderWatchlist();
        }
        break;
      case 'recommendations': {
        const list = content.querySelector('#recommendation-cards');
        const more = /** @type {HTMLButtonElement | null} */ (content.querySelector('[data-action="more-recommendations"]'));
        if (list && typeof message.html === 'string') list.insertAdjacentHTML('beforeend', message.html);
        if (more) {
          more.disabled = false;
          more.dataset.page = String(message.page + 1);
          more.hidden = !message.hasMore;
          more.textContent = 'More recommendations';
        }
        break;
      }
      default:
        console.warn(`[tmdb] dropped an unknown message: ${message.type}`);
    }
  });

  content.addEventListener('click', (event) => {
    const target = /** @type {HTMLElement} */ (event.target);
    const anchor = /** @type {HTMLAnchorElement | null} */ (target.closest('a'));
    if (anchor) {
      event.preventDefault();
      if (anchor.dataset.external) post({ type: 'openExternal', url: anchor.href });
      else if (anchor.dataset.kind && anchor.dataset.id) {
        const ref = { kind: anchor.dataset.kind, id: anchor.dataset.kind === 'credit' ? anchor.dataset.id : Number(anchor.dataset.id) };
        post({ type: 'open', ref });
      }
      return;
    }
    const button = /** @type {HTMLButtonElement | null} */ (target.closest('button[data-action]'));
    if (!button || button.disabled) return;
    switch (button.dataset.action) {
      case 'retry':
        post({ type: 'retry' });
        break;
      case 'sign-in':
        post({ type: 'signIn' });
        break;
      case 'set-token':
        post({ type: 'setToken' });
        break;
      case 'toggle-watchlist':
        post(watchlist.state === 'signedOut' ? { type: 'signIn' } : { type: 'toggleWatchlist' });
        break;
      case 'more-recommendations':
        button.disabled = true;
        button.textContent = 'Loading…';
        post({ type: 'loadRecommendations', page: Number(button.dataset.page) });
        break;
    }
  });

  post({ type: 'ready' });
})();
