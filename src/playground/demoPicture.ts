/** The demo's pictures: drawn from the prompt by resvg, a gradient in the prompt's colours and its words. */
import { createRequire } from 'node:module';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A `side` × `side` PNG for a prompt, the `index`th of its request (0-based). */
export function drawPng(prompt: string, index: number, side: number): Buffer {
  let hash = index * 7919;
  for (const char of prompt) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  const hue = hash % 360;
  const words = prompt.split(/\s+/).filter(Boolean).slice(0, 8).join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 140) % 360},70%,35%)"/>
  </linearGradient></defs>
  <rect width="512" height="512" fill="url(#g)"/>
  <circle cx="${120 + (hash % 270)}" cy="${140 + ((hash >> 8) % 220)}" r="${60 + (hash % 70)}" fill="hsla(${(hue + 60) % 360},80%,75%,0.55)"/>
  <text x="256" y="470" font-size="26" text-anchor="middle" fill="white" font-family="sans-serif">${escapeXml(words)}</text>
  <text x="256" y="40" font-size="18" text-anchor="middle" fill="white" font-family="sans-serif">image ${index + 1}</text>
</svg>`;
  const { Resvg } = createRequire(import.meta.url)('@resvg/resvg-js') as typeof import('@resvg/resvg-js');
  return new Resvg(svg, { fitTo: { mode: 'width', value: side } }).render().asPng();
}
