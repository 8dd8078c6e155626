// Where watched marks are kept, which knows no vscode: one global-state key (synced by Settings Sync),
// holding each account's marks as a compact text (./marks). The marks are the person's own, so they are
// never shown for another account, and they are read back as any input from outside is.
//
// Settings Sync carries every extension's synced state in one payload with a size limit: past it the
// person's whole UI State fails to sync (HTTP 413, microsoft/vscode#202359). So the key's value is kept
// under MAX_KEPT_CHARS: a change that would pass it is refused, and the person told why.
import { StateKeys } from '../../common/ids';
import { WatchedMarks } from './marks';

/** The global-state key (synced). */
export const WATCHED_STATE_KEY = StateKeys.watched;

/** The most characters the key's value may take (its JSON, every account's marks together). */
export const MAX_KEPT_CHARS = 80_000;

/** Accounts' entries looked at, at most: more than a person signs in with, few enough to read at once. */
const MAX_ACCOUNTS = 16;

/** What it needs of VS Code's Memento (global state). */
export interface KeptState {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void>;
}

export type SaveOutcome = { saved: true; chars: number } | { saved: false; chars: number; limit: number };

/** What was read: the marks (a copy to change), what was left out as not marks, a newer extension's text. */
export type ReadMarks = ReturnType<typeof WatchedMarks.decode>;

/** An account's key in the kept value: TMDB's account id, as digits. */
const isAccountKey = (key: string): boolean => /^\d{1,15}$/.test(key);

/**
 * The kept value's account entries, read as outside input: texts only, under account keys, at most 16, none
 * longer than the whole value may be (such a text was not written here: it is dropped, not read).
 */
function accountsIn(raw: unknown): Record<string, string> {
  const accounts: Record<string, string> = {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return accounts;
  let looked = 0;
  for (const key in raw) {
    if (++looked > MAX_ACCOUNTS) break;
    const text = (raw as Record<string, unknown>)[key];
    if (isAccountKey(key) && typeof text === 'string' && text.length <= MAX_KEPT_CHARS) accounts[key] = text;
  }
  return accounts;
}

export class KeptMarks {
  /** The last text read for looking, and what it reads as: read again only when the text changes. */
  private viewed: { text: string | undefined; read: ReadMarks } | undefined;

  constructor(private readonly state: KeptState) {}

  /**
   * The account's marks to look at, not to change (a page's mark, Up Next's started series): the last
   * reading again while the kept text is the same (Settings Sync or a change makes a new one).
   */
  view(account: number): ReadMarks {
    const text = accountsIn(this.state.get(WATCHED_STATE_KEY))[String(account)];
    if (!this.viewed || this.viewed.text !== text) this.viewed = { text, read: WatchedMarks.decode(text) };
    return this.viewed.read;
  }

  /**
   * The account's marks (a copy: change it, then `save`), and how many kept marks were left out as not
   * marks. Another account's marks are never read.
   */
  read(account: number): ReadMarks {
    return WatchedMarks.decode(accountsIn(this.state.get(WATCHED_STATE_KEY))[String(account)]);
  }

  /**
   * Keeps the account's marks, beside the other accounts' (an account with no marks left is taken out).
   * Refused, with nothing changed, when the whole value would pass MAX_KEPT_CHARS and grow (a change that
   * takes marks off is always kept: the way back under it). Read and written with no wait between.
   */
  async save(account: number, marks: WatchedMarks): Promise<SaveOutcome> {
    const accounts = accountsIn(this.state.get(WATCHED_STATE_KEY));
    const before = JSON.stringify(accounts).length;
    const key = String(account);
    if (marks.movieCount === 0 && marks.startedSeries().length === 0) delete accounts[key];
    else accounts[key] = marks.encode();
    const chars = JSON.stringify(accounts).length;
    if (chars > MAX_KEPT_CHARS && chars > before) return { saved: false, chars, limit: MAX_KEPT_CHARS };
    await this.state.update(WATCHED_STATE_KEY, Object.keys(accounts).length > 0 ? accounts : undefined);
    return { saved: true, chars };
  }
}
