// What a page reads when it starts: the state VS Code kept for it (what it shows, where Back and Forward
// lead, its places, whether it is the preview tab), each part checked, and the words the shell gave it.
import { asPanelRef, type PanelHistory, type PanelRef } from '../model/panelRef';
import type { PageStrings } from '../webview/pageContract';
import type { PageMessage } from '../webview/protocol';
import { readPlaces, type Places } from './place';

export type SavedState = PanelRef & { history?: PanelHistory; places?: Places; preview?: boolean };

/** What VS Code gives a webview's script. */
export interface VsCodeApi {
  postMessage(message: PageMessage): void;
  getState(): unknown;
  setState(state: SavedState): void;
}

export function stringsOf(json: string | undefined): Partial<PageStrings> {
  try {
    const value: unknown = JSON.parse(json ?? '{}');
    return typeof value === 'object' && value !== null ? (value as Partial<PageStrings>) : {};
  } catch {
    return {};
  }
}

export function savedState(value: unknown): SavedState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { history, places, preview } = value as { history?: PanelHistory; places?: unknown; preview?: unknown };
  const ref = asPanelRef(value);
  return ref
    ? { ...ref, ...(history ? { history } : {}), places: readPlaces(places), ...(preview === true ? { preview } : {}) }
    : undefined;
}
