import type { CopyWhat, RecordDetail } from './messages';
import type { DetailBytes, DetailReading } from '../../core/recordsViewer/viewerShapes';
import { button, byteSize, el, localTime, utcInstant } from './dom';

export type DetailTab = 'json' | 'text' | 'hex';

export interface DetailEvents {
  copy(id: number, what: CopyWhat): void;
  showAll(id: number): void;
  close(): void;
}

/**
 * The selected record in full: pretty JSON, plain text or hex of its value, its key and headers; copy
 * buttons. A value read with the topic's record format shows its decoded JSON first, the schema
 * beside it, and the bytes as written one click away (Base64, Hex); one that did not read shows why.
 */
export class DetailPane {
  readonly element: HTMLDivElement;
  private tab: DetailTab = 'json';
  private detail: RecordDetail | undefined;

  constructor(private readonly events: DetailEvents) {
    this.element = el('div', { className: 'detail' });
    this.element.hidden = true;
    this.element.setAttribute('aria-label', 'Record detail');
  }

  get currentTab(): DetailTab {
    return this.tab;
  }

  set currentTab(tab: DetailTab) {
    this.tab = tab;
  }

  show(detail: RecordDetail): void {
    this.detail = detail;
    this.element.hidden = false;
    this.render();
  }

  hide(): void {
    this.detail = undefined;
    this.element.hidden = true;
  }

  private render(): void {
    const d = this.detail;
    if (!d) return;
    const value = d.value;
    const read = d.valueRead;
    const labels: Record<DetailTab, string> = read ? { json: 'Decoded', text: 'Base64', hex: 'Hex' } : { json: 'JSON', text: 'Text', hex: 'Hex' };
    const tabs = el('div', { className: 'tabs' }, ...(['json', 'text', 'hex'] as const).map((t) => {
      const b = button(labels[t], () => {
        this.tab = t;
        this.render();
      }, { secondary: t !== this.tab });
      b.setAttribute('aria-pressed', String(t === this.tab));
      return b;
    }));
    const title = el('div', { className: 'detail-title' },
      el('strong', { text: `${d.topic} · partition ${d.partition} · offset ${d.offset}` }),
      el('span', { className: 'muted', text: ` · ${localTime(d.timestamp)}`, title: utcInstant(d.timestamp) }),
      el('span', { className: 'spacer-flex' }),
      button('Copy key', () => this.events.copy(d.id, 'key'), { secondary: true }),
      button('Copy value', () => this.events.copy(d.id, 'value'), { secondary: true }),
      button('Copy record', () => this.events.copy(d.id, 'record'), { secondary: true, title: 'The record as one JSON line' }),
      button('Close', () => this.events.close(), { secondary: true }),
    );
    const keyLine = el('div', { className: 'field' }, el('span', { className: 'muted', text: 'key ' }), ...keyParts(d.key, d.keyRead));
    const headers = el('div', { className: 'field' }, el('span', { className: 'muted', text: d.headers.length === 0 ? 'no headers' : `headers (${d.headers.length}) ` }),
      ...d.headers.map((h) => el('code', { className: 'header-chip', text: `${h.name}=${inline(h.value)}` })));
    const notes: Node[] = [];
    if (read && !read.ok) notes.push(el('div', { className: 'warning reading-problem', text: `Value not decoded: ${read.error}` }));
    if (read?.ok && read.truncated && this.tab === 'json') {
      notes.push(el('span', { className: 'warning', text: `The decoded value is over ${byteSize(1024 * 1024)} of JSON: its start is shown. ` }), button('Show all', () => this.events.showAll(d.id)));
    } else if (value.truncated) {
      notes.push(el('span', { className: 'warning', text: `Value of ${byteSize(value.size)}: the first ${byteSize(1024 * 1024)} is shown. ` }), button('Show all', () => this.events.showAll(d.id)));
    }
    if (this.tab === 'hex' && value.hexTruncated) notes.push(el('span', { className: 'muted', text: ` Hex of the first ${byteSize(64 * 1024)} of ${byteSize(value.size)}.` }));
    const body = el('pre', { className: 'value', text: this.body(value, read) });
    body.tabIndex = 0;
    const meta = el('div', { className: 'muted', text: `value: ${read ? describeRead(read, value) : describe(value)}` });
    this.element.replaceChildren(title, keyLine, headers, el('div', { className: 'value-bar' }, tabs, meta), el('div', {}, ...notes), body);
  }

  private body(value: DetailBytes, read: DetailReading | undefined): string {
    if (value.kind === 'null') return '(null: no value, a tombstone)';
    if (this.tab === 'hex') return value.hex;
    if (this.tab === 'json' && read?.ok) return read.json;
    // Not decoded: the bytes as written, said as such (the sentence is above).
    if (this.tab === 'json' && read) return `(not decoded: the bytes as written, base64)\n${value.text}`;
    if (this.tab === 'json') return value.pretty ?? (value.kind === 'binary' ? `(binary, base64)\n${value.text}` : value.text);
    return value.kind === 'binary' ? value.text : value.text;
  }
}

function describe(v: DetailBytes): string {
  if (v.kind === 'null') return 'null';
  return `${v.kind === 'binary' ? 'binary (base64 below)' : v.kind === 'json' ? 'JSON' : 'text'}, ${byteSize(v.size)}`;
}

/** "avro · ebx.fixtures.Order · schema id 12 · 187 B as written", or that it did not read. */
function describeRead(read: DetailReading, raw: DetailBytes): string {
  if (!read.ok) return `not decoded; the bytes as written, ${byteSize(raw.size)} (base64 and hex)`;
  return `${schemaWords(read)} · ${byteSize(raw.size)} as written`;
}

function schemaWords(read: Extract<DetailReading, { ok: true }>): string {
  return [read.format, read.name, read.id === null ? undefined : `schema id ${read.id}`].filter((part) => part !== undefined && part !== null && part !== '').join(' · ');
}

/** The key as the key line shows it: its decoded JSON and schema, or its bytes (and why they did not read). */
function keyParts(key: DetailBytes, read: DetailReading | undefined): Node[] {
  if (read?.ok) return [el('code', { className: 'key-text', text: read.line }), el('span', { className: 'muted', text: `  ${schemaWords(read)}` })];
  const bytes = el('code', { className: 'key-text', text: inline(key) });
  return read ? [bytes, el('span', { className: 'warning', text: `  not decoded: ${read.error}` })] : [bytes];
}

function inline(v: DetailBytes): string {
  if (v.kind === 'null') return '(null)';
  const text = v.kind === 'binary' ? `base64:${v.text}` : v.text;
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
