/**
 * SVG markup from the engine (the pairing QR code) as an image URL: an `<img>` draws SVG without
 * running its scripts or fetching what it links, so the markup is never put into the page itself.
 */

/** `data:image/svg+xml;base64,…` for `svg` (UTF-8). */
export function svgDataUrl(svg: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(svg)) binary += String.fromCharCode(byte);
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}
