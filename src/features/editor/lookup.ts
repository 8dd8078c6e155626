// What a reference in a text names, read from TMDB when the person asks (a hover, a click, the cursor's
// command): an IMDb id through TMDB's find once (remembered for the window, and kept by the client a day),
// then the title, person or collection through the client, whose cache serves the page opened next.
// No vscode import.
import type { TmdbClient } from '../../tmdb/client';
import type { CardSubject } from './hoverCard';
import type { TextTarget } from './textRefs';

/** A TMDB title, person or collection a text can link to. */
export type LinkedRef = { kind: 'movie' | 'tv' | 'person' | 'collection'; id: number };

/** The most IMDb ids remembered in a window (the oldest forgotten first). */
const MAX_REMEMBERED = 1000;

export class TitleLookup {
  /** IMDb id → what TMDB's find said (undefined: TMDB knows no such id). A failed find is not kept. */
  private readonly imdb = new Map<string, Promise<LinkedRef | undefined>>();

  constructor(
    private readonly client: Pick<TmdbClient, 'findByImdb' | 'movie' | 'tvSeries' | 'person' | 'collection'>,
  ) {}

  /** Forgets the IMDb ids found (TMDB: Clear Cache). */
  forget(): void {
    this.imdb.clear();
  }

  /** The TMDB title, person or collection a reference names; undefined when TMDB knows no such IMDb id. */
  resolve(target: TextTarget): Promise<LinkedRef | undefined> {
    if (!('imdb' in target)) return Promise.resolve(target);
    const known = this.imdb.get(target.imdb);
    if (known) return known;
    const finding = this.find(target.imdb);
    this.imdb.set(target.imdb, finding);
    if (this.imdb.size > MAX_REMEMBERED) this.imdb.delete(this.imdb.keys().next().value!);
    // A failed find is asked again next time (unless forgotten, and asked anew, since).
    finding.catch(() => {
      if (this.imdb.get(target.imdb) === finding) this.imdb.delete(target.imdb);
    });
    return finding;
  }

  private async find(imdbId: string): Promise<LinkedRef | undefined> {
    const found = await this.client.findByImdb(imdbId);
    const movie = found.movie_results[0];
    if (movie) return { kind: 'movie', id: movie.id };
    const series = found.tv_results[0];
    if (series) return { kind: 'tv', id: series.id };
    const person = found.person_results[0];
    if (person) return { kind: 'person', id: person.id };
    const episode = found.tv_episode_results[0];
    return episode && episode.show_id > 0 ? { kind: 'tv', id: episode.show_id } : undefined;
  }

  /** The answer a card is made of: the same read a page makes, so opening the page next asks nothing more. */
  async subject(ref: LinkedRef): Promise<CardSubject> {
    switch (ref.kind) {
      case 'movie':
        return { kind: 'movie', details: await this.client.movie(ref.id) };
      case 'tv':
        return { kind: 'tv', details: await this.client.tvSeries(ref.id) };
      case 'person':
        return { kind: 'person', details: await this.client.person(ref.id) };
      case 'collection':
        return { kind: 'collection', details: await this.client.collection(ref.id) };
    }
  }
}
