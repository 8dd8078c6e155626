// A write tool's confirmation as text: the change in the extension's own words, then TMDB's text (a title,
// a list's name) each on a paragraph of its own after our label, one line, no direction override: nothing
// TMDB sends can read as part of our sentence. No vscode import (the attack suite reads it in plain Node).

/** Direction marks, embeddings, overrides and isolates: text that turns what follows it around. */
const DIRECTION = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Control characters (C0, DEL, C1: NEL among them), which JavaScript's `\s` does not all count. */
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** TMDB's text for a confirmation: one line, no control character, no direction mark or override. */
export function oneLine(text: string): string {
  return text.replace(DIRECTION, '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
}

/** A confirmation's paragraphs: our sentence, then `Label: text` a subject, TMDB's text on its one line. */
export function confirmationLines(sentence: string, subjects: ReadonlyArray<[label: string, text: string]>): string[] {
  return [sentence, ...subjects.map(([label, text]) => `${label}: ${oneLine(text)}`)];
}
