// What "insert a link to a title" writes, in the form the person chose (tmdb.editor.insertForm): a
// Markdown link to TMDB (the default), TMDB's address, our short form, a Markdown link to IMDb, or the
// poster as a Markdown image. The name is TMDB's: written so it cannot end the link's words early or
// break the line. No vscode import.
import { IMAGE_SIZES, imageUrl } from '../../tmdb/imageUrls';
import { oneLine } from '../../common/plainText';
import type { LinkedRef } from './lookup';
import { imdbAddress, imdbIdOf } from '../../model/imdb';
import { shortForm, tmdbAddress } from './textRefs';

export const INSERT_FORMS = ['markdownLink', 'address', 'shortForm', 'imdbLink', 'posterImage'] as const;
export type InsertForm = (typeof INSERT_FORMS)[number];

export interface Insertable {
  ref: LinkedRef;
  /** The title's or person's name, as TMDB gives it. */
  name: string;
  /** The year of a title ('' for a person or when unknown). */
  year: string;
  posterPath?: string | null;
  /** Known only after asking TMDB (the IMDb link's form): TMDB's free text, checked before it is written. */
  imdbId?: string;
}

/** A name as a Markdown link's words: one line, with the characters that would end or restyle it escaped. */
export function linkWords(text: string): string {
  return (
    oneLine(text)
      .replace(/[\\[\]()`*_<>!~]/g, '\\$&')
      // An ampersand only where it would start an entity (&lt;): "Fast & Furious" stays as typed.
      .replace(/&(?=#?\w+;)/g, '\\&')
  );
}

/** "Fight Club (1999)", or the name alone. */
export function nameWithYear(item: Pick<Insertable, 'name' | 'year'>): string {
  return item.year ? `${item.name} (${item.year})` : item.name;
}

/** The text to insert; the IMDb link's form falls back to TMDB's link when the IMDb id is not known or not an id. */
export function insertText(item: Insertable, form: InsertForm, imageBaseUrl: string): string {
  // The year's brackets are ours, not escaped: "[Fight Club (1999)](…)" reads as typed in the source too.
  const words = [linkWords(item.name), item.year && `(${linkWords(item.year)})`].filter(Boolean).join(' ');
  switch (form) {
    case 'address':
      return tmdbAddress(item.ref);
    case 'shortForm':
      return shortForm(item.ref);
    case 'imdbLink': {
      // TMDB's `imdb_id` is text anyone can edit: only an id as IMDb writes it goes into the person's file.
      const imdbId = imdbIdOf(item.imdbId);
      return imdbId ? `[${words}](${imdbAddress(imdbId)})` : `[${words}](${tmdbAddress(item.ref)})`;
    }
    case 'posterImage': {
      const poster = imageUrl(imageBaseUrl, IMAGE_SIZES.panelPoster, item.posterPath);
      return poster ? `[![${words}](${poster})](${tmdbAddress(item.ref)})` : `[${words}](${tmdbAddress(item.ref)})`;
    }
    case 'markdownLink':
      return `[${words}](${tmdbAddress(item.ref)})`;
  }
}

/** A form read from a setting: one of ours, else the default. */
export function asInsertForm(value: unknown): InsertForm {
  return INSERT_FORMS.includes(value as InsertForm) ? (value as InsertForm) : 'markdownLink';
}
