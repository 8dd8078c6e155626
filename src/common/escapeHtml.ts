// Text made safe for HTML (a page's text and attributes): every page builder's and the page shell's one
// escape, linear in its input (the pages built from the largest answers are timed by
// test/unit/outsideText.test.ts).
const SPECIAL = /[&<>"'`]/;
/** The numeric reference of each character escaped, by its code (all below 128). */
const ENTITY: Array<string | undefined> = [];
for (const c of '&<>"\'`') ENTITY[c.charCodeAt(0)] = `&#${c.charCodeAt(0)};`;
/** Longer text is escaped as UTF-8 bytes: a few passes over an array instead of a string built piece by piece. */
const LONG = 4096;

/** `&`, `<`, `>`, `"`, `'` and a backtick as numeric references, with no call per character. */
export function escapeHtml(value: unknown): string {
  const text = String(value ?? '');
  const first = text.search(SPECIAL);
  if (first === -1) return text;
  if (text.length >= LONG) return escapeLong(text);
  let out = '';
  let from = 0;
  for (let i = first; i < text.length; i++) {
    const entity = ENTITY[text.charCodeAt(i)];
    if (entity === undefined) continue;
    if (from < i) out += text.slice(from, i);
    out += entity;
    from = i + 1;
  }
  return from < text.length ? out + text.slice(from) : out;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const ENTITY_BYTES = ENTITY.map((entity) => (entity === undefined ? undefined : encoder.encode(entity)));

/** The same, over UTF-8 bytes (the characters escaped are ASCII: no multi-byte sequence holds one). */
function escapeLong(text: string): string {
  const bytes = encoder.encode(text);
  let extra = 0;
  for (let i = 0; i < bytes.length; i++) if (ENTITY_BYTES[bytes[i]!] !== undefined) extra += 4;
  const out = new Uint8Array(bytes.length + extra);
  let at = 0;
  for (let i = 0; i < bytes.length; i++) {
    const entity = ENTITY_BYTES[bytes[i]!];
    if (entity === undefined) out[at++] = bytes[i]!;
    else {
      out.set(entity, at);
      at += entity.length;
    }
  }
  return decoder.decode(out);
}
