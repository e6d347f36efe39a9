/**
 * The page's one DOM helper: an element with attributes and children, text
 * always as text nodes (nothing from a document or the service is ever
 * parsed as markup; the SVG markup the drawing code writes escapes its own).
 */
type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | boolean | EventListener | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (typeof v === 'function') e.addEventListener(k.replace(/^on/, ''), v);
    else if (v === true) e.setAttribute(k, '');
    else e.setAttribute(k, String(v));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

/** A labelled <select>; `onChange` gets the chosen value. */
export function select(
  label: string,
  name: string,
  options: readonly (readonly [string, string])[],
  value: string,
  onChange: (v: string) => void,
): HTMLLabelElement {
  const s = h(
    'select',
    { name, onchange: (ev: Event) => onChange((ev.target as HTMLSelectElement).value) },
    ...options.map(([v, text]) => h('option', { value: v, selected: v === value }, text)),
  );
  return h('label', { class: 'field' }, h('span', {}, label), s);
}
