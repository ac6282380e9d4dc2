import type { CopyWhat, RecordDetail } from './messages';
import type { DetailBytes } from '../../core/records/viewerShapes';
import { button, byteSize, el, localTime, utcInstant } from './dom';

export type DetailTab = 'json' | 'text' | 'hex';

export interface DetailEvents {
  copy(id: number, what: CopyWhat): void;
  showAll(id: number): void;
  close(): void;
}

/** The selected record in full: pretty JSON, plain text or hex of its value, its key and headers; copy buttons. */
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
    const tabs = el('div', { className: 'tabs' }, ...(['json', 'text', 'hex'] as const).map((t) => {
      const b = button(t === 'json' ? 'JSON' : t === 'text' ? 'Text' : 'Hex', () => {
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
    const keyLine = el('div', { className: 'field' }, el('span', { className: 'muted', text: 'key ' }), el('code', { className: 'key-text', text: inline(d.key) }));
    const headers = el('div', { className: 'field' }, el('span', { className: 'muted', text: d.headers.length === 0 ? 'no headers' : `headers (${d.headers.length}) ` }),
      ...d.headers.map((h) => el('code', { className: 'header-chip', text: `${h.name}=${inline(h.value)}` })));
    const notes: Node[] = [];
    if (value.truncated) {
      notes.push(el('span', { className: 'warning', text: `Value of ${byteSize(value.size)}: the first ${byteSize(1024 * 1024)} is shown. ` }), button('Show all', () => this.events.showAll(d.id)));
    }
    if (this.tab === 'hex' && value.hexTruncated) notes.push(el('span', { className: 'muted', text: ` Hex of the first ${byteSize(64 * 1024)} of ${byteSize(value.size)}.` }));
    const body = el('pre', { className: 'value', text: this.body(value) });
    body.tabIndex = 0;
    const meta = el('div', { className: 'muted', text: `value: ${describe(value)}` });
    this.element.replaceChildren(title, keyLine, headers, el('div', { className: 'value-bar' }, tabs, meta), el('div', {}, ...notes), body);
  }

  private body(value: DetailBytes): string {
    if (value.kind === 'null') return '(null: no value, a tombstone)';
    if (this.tab === 'hex') return value.hex;
    if (this.tab === 'json') return value.pretty ?? (value.kind === 'binary' ? `(binary, base64)\n${value.text}` : value.text);
    return value.kind === 'binary' ? value.text : value.text;
  }
}

function describe(v: DetailBytes): string {
  if (v.kind === 'null') return 'null';
  return `${v.kind === 'binary' ? 'binary (base64 below)' : v.kind === 'json' ? 'JSON' : 'text'}, ${byteSize(v.size)}`;
}

function inline(v: DetailBytes): string {
  if (v.kind === 'null') return '(null)';
  const text = v.kind === 'binary' ? `base64:${v.text}` : v.text;
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
