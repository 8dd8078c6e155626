// The page's pictures come with `data-src` (src/features/titles/html/markup.ts) and get their `src` once the page has
// loaded and its first frame is painted: VS Code keeps a new webview hidden till its `load` event (at most
// 200 ms), and a page whose HTML came with its content waited for its pictures before anything of it was
// seen; pictures given their `src` in the `load` event itself (before VS Code shows the page) were still
// started, and those in hand decoded, before its first frame. Content that goes in later (a message's HTML,
// a season's episodes, more of a filmography) gets its pictures the same way, after the frame that shows it.

let scheduled = false;

function showPictures(): void {
  scheduled = false;
  document.querySelectorAll<HTMLImageElement>('img[data-src]').forEach((picture) => {
    picture.src = picture.dataset.src!;
    delete picture.dataset.src;
  });
}

/** After the next frame is painted: a frame's callback runs before its paint, a task queued from it after. */
function showPicturesAfterNextFrame(): void {
  if (scheduled) return;
  scheduled = true;
  requestAnimationFrame(() => setTimeout(showPictures));
}

export function showPicturesOnceLoaded(): void {
  if (document.readyState === 'complete') showPicturesAfterNextFrame();
  else window.addEventListener('load', showPicturesAfterNextFrame, { once: true });
  new MutationObserver(() => {
    if (document.readyState === 'complete') showPicturesAfterNextFrame();
  }).observe(document.body, { childList: true, subtree: true });
}
