// Where Back and Forward lead from a panel, as in a browser's tab: following a link forgets Forward; Back and
// Forward move one step. The page keeps it in its state, so it outlives a reload. No vscode import.
import { MAX_HISTORY, type PanelHistory, type PanelRef } from '../../model/panelRef';

export type Step = 'link' | 'back' | 'forward';

export class BrowsingHistory {
  constructor(private value: PanelHistory = { back: [], forward: [] }) {}

  /** The titles before the one shown (the last is the previous) and after it (the first is the next). */
  get current(): PanelHistory {
    return this.value;
  }

  get canGoBack(): boolean {
    return this.value.back.length > 0;
  }

  get canGoForward(): boolean {
    return this.value.forward.length > 0;
  }

  /** Where Back or Forward leads, if anywhere. */
  next(step: 'back' | 'forward'): PanelRef | undefined {
    return step === 'back' ? this.value.back.at(-1) : this.value.forward[0];
  }

  /** Records that the panel leaves `from` by `step`. */
  leave(from: PanelRef, step: Step): void {
    const { back, forward } = this.value;
    if (step === 'link') this.value = { back: [...back, from].slice(-MAX_HISTORY), forward: [] };
    else if (step === 'back')
      this.value = { back: back.slice(0, -1), forward: [from, ...forward].slice(0, MAX_HISTORY) };
    else this.value = { back: [...back, from].slice(-MAX_HISTORY), forward: forward.slice(1) };
  }
}
