// What one feature asks of another, as small interfaces: the feature that has it provides it once when it
// registers, and the one that needs it asks for it when it acts (by then every feature is registered). No
// feature imports another (test/unit/layers.test.ts); a feature's `index.ts` is where it provides or asks.
import type * as vscode from 'vscode';
import type { MediaKind, TitleFlag } from '../tmdb/schemas';
import type { PanelRef, ShownTitle } from '../model/panelRef';
import type { EpisodeRange, WatchedSnapshot } from '../model/episodeRanges';

/** A page a command can act on (features/titles' DetailPanel is one): its title, its rating, its controls. */
export interface PageInFront {
  readonly ref: PanelRef;
  readonly title: string;
  readonly state: { readonly rating: { readonly value: number | null } };
  readonly account?: {
    toggle(flag: TitleFlag, target?: boolean): Promise<boolean>;
    rate(value: number | undefined): Promise<boolean>;
    /** Marks the movie watched (`target` true), not watched, or the opposite of now. */
    toggleWatched(target?: boolean): Promise<boolean>;
  };
}

/** The title pages (features/titles): open one, find the one showing a title or in front, hear what they show. */
export interface TitlePages {
  open(ref: PanelRef): Promise<unknown>;
  showing(ref: PanelRef): PageInFront | undefined;
  readonly activePanel: PageInFront | undefined;
  readonly onDidShowTitle: vscode.Event<ShownTitle>;
}

/** A movie or series named for a list. */
export interface ListTarget {
  kind: MediaKind;
  id: number;
  name: string;
}

/** The lists (features/library): the picker that puts a title in one. */
export interface ListPicker {
  addToList(title: ListTarget): Promise<unknown>;
}

/** The search (features/search): a title picked by a person, starting from a text; the titles opened lately. */
export interface TitlePicker {
  pick(text: string): Promise<PanelRef | undefined>;
  recent(): readonly ShownTitle[];
}

/** What a person watched (features/watched): kept for the account signed in, heard when it changes. */
export interface WatchedMarks {
  /** Whether the movie is marked watched; undefined when no one is signed in (the marks are an account's). */
  movie(id: number): Promise<boolean | undefined>;
  /** Marks the movie watched or not; false when the mark could not be kept (the person is told why). */
  setMovie(id: number, watched: boolean): Promise<boolean>;
  /** A season's watched episodes, as ranges in order; undefined when no one is signed in. */
  season(seriesId: number, season: number): Promise<readonly EpisodeRange[] | undefined>;
  /** Marks a season's episodes (each range) watched or not; false when not kept (the person is told why). */
  setEpisodes(seriesId: number, season: number, ranges: readonly EpisodeRange[], watched: boolean): Promise<boolean>;
  /** The movies marked watched; undefined signed out. */
  movies(): Promise<ReadonlySet<number> | undefined>;
  /**
   * Marks what `marks` holds watched (an import), in one change, beside the marks kept: a movie marked
   * already keeps the earlier known day. False when not kept, none of it (the person is told why).
   */
  markAll(marks: WatchedSnapshot): Promise<boolean>;
  /** Every mark of the account signed in (an export); undefined signed out. */
  snapshot(): Promise<WatchedSnapshot | undefined>;
  /** Every series with an episode marked: series id → season number → its watched ranges; undefined signed out. */
  started(): Promise<ReadonlyMap<number, ReadonlyMap<number, readonly EpisodeRange[]>> | undefined>;
  readonly onDidChange: vscode.Event<void>;
}

/** Episode ratings at TMDB (features/titles): heard once TMDB has one set or removed. */
export interface EpisodeRatingsHeard {
  readonly onDidChange: vscode.Event<void>;
}

export interface DoorTypes {
  pages: TitlePages;
  episodeRatings: EpisodeRatingsHeard;
  watched: WatchedMarks;
  lists: ListPicker;
  titles: TitlePicker;
}

/** The doors between features: each provided once, asked for when used. */
export class Doors {
  private readonly provided: Partial<DoorTypes> = {};

  provide<K extends keyof DoorTypes>(name: K, door: DoorTypes[K]): void {
    if (this.provided[name]) throw new Error(`Two features provide "${name}".`);
    this.provided[name] = door;
  }

  /** The door `name`; a feature asking for one no registered feature provides is a wiring error, said so. */
  get<K extends keyof DoorTypes>(name: K): DoorTypes[K] {
    const door = this.provided[name];
    if (!door) throw new Error(`No feature provides "${name}" (src/extension.ts lists the features).`);
    return door;
  }
}
