// The filmography's filters and sorting, in the page: which rows show (movies, series or both; one
// department or all) and in what order (newest first, or most popular first). The rows carry what this
// reads (see html/filmography.ts); nothing is asked of the host.
import { Hooks } from '../webview/pageContract';

/** Applies the filters and the order the controls say, and says how many titles are left. */
function apply(root: HTMLElement, titles: (count: number) => string): void {
  const list = root.querySelector<HTMLOListElement>('ol.filmography');
  if (!list) return;
  const kind =
    root.querySelector<HTMLButtonElement>('button[data-film-show][aria-pressed="true"]')?.dataset.filmShow ?? 'all';
  const department = root.querySelector<HTMLSelectElement>(`select.${Hooks.filmDepartment}`)?.value ?? '';
  const sort = root.querySelector<HTMLSelectElement>(`select.${Hooks.filmSort}`)?.value ?? 'date';
  const rows = Array.from(list.querySelectorAll<HTMLLIElement>('li.film-row'));
  let shown = 0;
  for (const row of rows) {
    const visible =
      (kind === 'all' || row.dataset.filmKind === kind) &&
      (!department || (row.dataset.filmDepartments ?? '').split('|').includes(department));
    row.hidden = !visible;
    if (visible) shown++;
  }
  const order = (row: HTMLLIElement) => Number(row.dataset.filmOrder);
  const popularity = (row: HTMLLIElement) => Number(row.dataset.filmPopularity);
  rows.sort(
    sort === 'popularity'
      ? (a, b) => popularity(b) - popularity(a) || order(a) - order(b)
      : (a, b) => order(a) - order(b),
  );
  list.append(...rows);
  const count = root.querySelector(`.${Hooks.filmCount}`);
  if (count) count.textContent = titles(shown);
}

/** Listens on the page's content for the filmography's controls (the content is replaced on each render). */
export function bindFilmography(content: HTMLElement, titles: (count: number) => string): void {
  content.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-film-show]');
    if (!button) return;
    for (const other of Array.from(content.querySelectorAll<HTMLButtonElement>('button[data-film-show]')))
      other.setAttribute('aria-pressed', String(other === button));
    apply(content, titles);
  });
  content.addEventListener('change', (event) => {
    const target = event.target as HTMLElement;
    if (target.matches(`select.${Hooks.filmDepartment}, select.${Hooks.filmSort}`)) apply(content, titles);
  });
}
