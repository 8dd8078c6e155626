// The page's rating menu. A pick from its open list (mouse, or Enter in the list) saves at once. Arrow keys on
// the closed menu only move the choice, as in a list box: it is saved with Enter or when focus leaves the
// menu, and Escape puts the saved rating back. (A native <select> fires `change` on every arrow.) A choice
// made while the last one is saving is sent once that is done.
import { Actions, Hooks } from '../webview/pageContract';
import type { PageMessage, RatingUi } from '../webview/protocol';

export interface RatingMenu {
  /** The rating as the host says it stands now. */
  show(rating: RatingUi): void;
  /** Draws the menu again (new content came in). */
  render(): void;
  /** Another title or page: a choice under way with the arrows is dropped. */
  reset(): void;
}

export function bindRatingMenu(
  content: HTMLElement,
  post: (message: PageMessage) => void,
  saving: () => string,
  /** What the status says while a choice made with the arrows is not saved yet. */
  notSaved: () => string,
): RatingMenu {
  let rating: RatingUi = { state: 'unavailable', value: null };
  /** The menu shows a choice made with arrow keys and not saved yet. */
  let draft = false;
  /** The `change` under way comes from a key pressed on the closed menu. */
  let keyOnMenu = false;
  /** A rating chosen while the one before was still saving: sent when that is done. */
  let queued: number | null | undefined;

  const menuOf = (target: EventTarget | null) =>
    (target as HTMLElement | null)?.closest?.<HTMLSelectElement>(`select[data-action="${Actions.rate}"]`) ?? null;

  /** The rating menu and "Add to List…": shown once the host has read the signed-in user's rating. */
  function render(): void {
    const box = document.getElementById(Hooks.rating);
    const select = box?.querySelector<HTMLSelectElement>(`select[data-action="${Actions.rate}"]`);
    const status = box?.querySelector(`.${Hooks.ratingStatus}`);
    if (!box || !select || !status) return;
    box.hidden = rating.state !== 'shown' && !rating.error;
    // A choice being made with the keyboard stays on screen; the menu keeps focus while a rating saves.
    if (!draft) select.value = rating.value === null ? '' : String(rating.value);
    select.disabled = rating.state !== 'shown';
    select.setAttribute('aria-busy', String(Boolean(rating.pending)));
    for (const button of Array.from(box.querySelectorAll<HTMLButtonElement>('button')))
      button.hidden = rating.state !== 'shown';
    renderStatus();
  }

  /** What the status beside the menu says: saving, a choice not saved yet, or TMDB's refusal. */
  function renderStatus(): void {
    const status = document.getElementById(Hooks.rating)?.querySelector(`.${Hooks.ratingStatus}`);
    if (!status) return;
    status.textContent = rating.pending ? saving() : draft ? notSaved() : (rating.error ?? '');
    status.classList.toggle('error', Boolean(rating.error) && !draft);
    status.classList.toggle('draft', draft && !rating.pending);
  }

  function save(select: HTMLSelectElement): void {
    draft = false;
    renderStatus();
    const value = select.value === '' ? null : Number(select.value);
    if (rating.pending) queued = value;
    else if (value !== rating.value) post({ type: 'rate', value });
  }

  content.addEventListener('keydown', (event) => {
    const select = menuOf(event.target);
    if (!select) return;
    if (event.key === 'Enter' && draft) {
      event.preventDefault();
      save(select);
    } else if (event.key === 'Escape' && draft) {
      draft = false;
      select.value = rating.value === null ? '' : String(rating.value);
      renderStatus();
    } else {
      // The change this key makes (if any) comes before the next task.
      keyOnMenu = true;
      setTimeout(() => (keyOnMenu = false));
    }
  });

  content.addEventListener('change', (event) => {
    const select = menuOf(event.target);
    if (!select) return;
    if (keyOnMenu) {
      // Said beside the menu: the choice shown is not the rating TMDB holds till Enter.
      draft = select.value !== (rating.value === null ? '' : String(rating.value));
      renderStatus();
    } else save(select);
  });

  content.addEventListener('focusout', (event) => {
    const select = menuOf(event.target);
    if (select && draft) save(select);
  });

  return {
    show(next) {
      rating = next;
      render();
      // A choice made while the last one was saving goes now.
      if (!rating.pending && queued !== undefined) {
        const value = queued;
        queued = undefined;
        if (value !== rating.value) post({ type: 'rate', value });
      }
    },
    render,
    reset: () => (draft = false),
  };
}
