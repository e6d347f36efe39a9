/** Text and attribute escaping for the SVG (docs/drawing.md). */
export function esc(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Element with attributes (values escaped); `body` is raw markup, already escaped. */
export function el(
  name: string,
  attrs: Readonly<Record<string, string | number | undefined>>,
  body?: string,
): string {
  const a = Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${esc(String(v))}"`)
    .join('');
  return body === undefined ? `<${name}${a}/>` : `<${name}${a}>${body}</${name}>`;
}
