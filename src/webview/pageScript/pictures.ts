// The page's pictures come with `data-src` (../html/markup.ts) and get their `src` once the page has
// loaded: VS Code keeps a new webview hidden till its `load` event (at most 200 ms), and a page whose HTML
// came with its content waited for its pictures before anything of it was seen. Content that goes in later
// (a message's HTML, a season's episodes, more of a filmography) gets its pictures as it goes in.

function showPictures(): void {
  document.querySelectorAll<HTMLImageElement>('img[data-src]').forEach((picture) => {
    picture.src = picture.dataset.src!;
    delete picture.dataset.src;
  });
}

export function showPicturesOnceLoaded(): void {
  if (document.readyState === 'complete') showPictures();
  else window.addEventListener('load', showPictures, { once: true });
  new MutationObserver(() => {
    if (document.readyState === 'complete') showPictures();
  }).observe(document.body, { childList: true, subtree: true });
}
