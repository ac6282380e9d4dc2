// Building elements for the records viewer. Record data only ever goes in through textContent
// (or an attribute such as title): nothing here parses HTML.

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, options: { className?: string; text?: string; title?: string } = {}, ...children: Node[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (options.className) node.className = options.className;
  if (options.text !== undefined) node.textContent = options.text;
  if (options.title !== undefined) node.title = options.title;
  for (const child of children) node.appendChild(child);
  return node;
}

export function button(label: string, onClick: () => void, options: { secondary?: boolean; title?: string } = {}): HTMLButtonElement {
  const b = el('button', { className: options.secondary ? 'secondary' : undefined, text: label, title: options.title });
  b.type = 'button';
  b.addEventListener('click', onClick);
  return b;
}

/** Local time to the millisecond, as a person reads a log: 2026-12-02 09:14:03.120. */
export function localTime(timestamp: number): string {
  if (!Number.isFinite(timestamp) || timestamp < 0) return '?';
  const d = new Date(timestamp);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}

/** The UTC instant, for hovers. */
export function utcInstant(timestamp: number): string {
  return Number.isFinite(timestamp) && timestamp >= 0 ? `${new Date(timestamp).toISOString()} (UTC)` : 'no timestamp';
}

export function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
