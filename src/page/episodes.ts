// A long season's episodes come in parts: the next part is asked for as the person scrolls to "More
// episodes" (or presses it), one part at a time (the button stays disabled till it comes).
import { Actions } from '../webview/pageContract';
import type { PageMessage } from '../webview/protocol';

export function reducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function onScreen(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.height > 0 && box.top < window.innerHeight && box.bottom > 0;
}

export interface MoreEpisodes {
  /** The open season's "More episodes", if it has more. */
  button(): HTMLButtonElement | null;
  /** Asks for the next episodes of the open season (once: the button stays disabled till they come). */
  ask(button: HTMLButtonElement): void;
  /** Asks as soon as "More episodes" scrolls into view. */
  watch(): void;
}

export function moreEpisodes(
  content: HTMLElement,
  post: (message: PageMessage) => void,
  loading: () => string,
): MoreEpisodes {
  const button = () => content.querySelector<HTMLButtonElement>(`button[data-action="${Actions.moreEpisodes}"]`);
  const ask = (more: HTMLButtonElement) => {
    if (more.disabled || more.parentElement?.hidden) return;
    more.disabled = true;
    more.dataset.label = more.textContent ?? '';
    more.textContent = loading();
    post({ type: 'loadEpisodes', season: Number(more.dataset.season), from: Number(more.dataset.from) });
  };
  const observer =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => {
          for (const entry of entries) if (entry.isIntersecting) ask(entry.target as HTMLButtonElement);
        })
      : undefined;
  return {
    button,
    ask,
    watch: () => {
      observer?.disconnect();
      const more = button();
      if (more) observer?.observe(more);
    },
  };
}
