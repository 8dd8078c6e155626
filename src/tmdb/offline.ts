// Whether the client served an answer from what it kept because TMDB failed, and since when (the label
// that says so is model/kept.ts). No vscode import.
import type { KeptCopy } from '../model/kept';
import { originOf } from './cache';

/** The kept copy an answer is, if the client served it because TMDB failed. */
export function keptCopy(answer: unknown): KeptCopy | undefined {
  const info = originOf(answer);
  return info?.from === 'offline' || info?.from === 'serverError'
    ? { since: info.storedAt, why: info.from }
    : undefined;
}
