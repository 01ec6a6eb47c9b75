/**
 * A shown page (html-page.ts) as a PNG, drawn in the browser: the page is laid out in a hidden
 * frame (same origin so its height can be read, still without scripts), serialised as XHTML into
 * an SVG foreignObject, and that picture drawn onto a canvas at twice the pixels. Every picture
 * inside the page is a data: URL already, so nothing is fetched and the canvas stays readable.
 */
const WIDTH = 800;
const MAX_HEIGHT = 8000;

function layOut(page: string): Promise<{ frame: HTMLIFrameElement; doc: Document }> {
  return new Promise((resolve, reject) => {
    const frame = document.createElement('iframe');
    // Same origin to read the layout; no allow-scripts, so nothing in the page can run.
    frame.setAttribute('sandbox', 'allow-same-origin');
    frame.style.cssText = `position:fixed;left:-10000px;top:0;width:${WIDTH}px;height:600px;border:0;visibility:hidden`;
    frame.onload = () => (frame.contentDocument ? resolve({ frame, doc: frame.contentDocument }) : reject(new Error('no document')));
    frame.srcdoc = page;
    document.body.appendChild(frame);
  });
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('picture failed'));
    img.src = src;
  });
}

export async function pagePng(page: string): Promise<Blob> {
  const { frame, doc } = await layOut(page);
  try {
    // Pictures (the charts) decode before the height is read.
    await Promise.all([...doc.images].map((img) => (img.complete ? Promise.resolve() : new Promise((r) => (img.onload = img.onerror = r)))));
    const height = Math.min(MAX_HEIGHT, Math.max(doc.documentElement.scrollHeight, doc.body?.scrollHeight ?? 0, 100));
    const xhtml = new XMLSerializer().serializeToString(doc.documentElement);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}"><foreignObject x="0" y="0" width="100%" height="100%">${xhtml}</foreignObject></svg>`;
    const img = await loadImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    const canvas = document.createElement('canvas');
    canvas.width = WIDTH * 2;
    canvas.height = height * 2;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.scale(2, 2);
    ctx.drawImage(img, 0, 0);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no png'))), 'image/png'));
  } finally {
    frame.remove();
  }
}
