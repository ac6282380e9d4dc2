// The records viewer's search bar: the fields of a search of this topic (what to look for, from
// and until when, which partitions, how many matches), Run and Cancel. It holds the fields as typed;
// the extension checks them with the core's parsers and sends back one sentence per wrong field,
// shown under it.
import type { SearchField, SearchForm } from './messages';
import { button, el } from './dom';

interface FieldSpec {
  field: Exclude<SearchField, 'keyMatch'>;
  label: string;
  placeholder: string;
  title: string;
  width: string;
}

const FIELDS: FieldSpec[] = [
  { field: 'key', label: 'Key', placeholder: 'customer-7', title: 'The key (exactly, or contained: choose beside it)', width: '9em' },
  { field: 'value', label: 'Value contains', placeholder: 'failed', title: 'Text in the value (case-sensitive)', width: '9em' },
  { field: 'header', label: 'Header', placeholder: 'NAME or NAME=VALUE', title: 'A header by name, or with exactly this value', width: '9em' },
  { field: 'where', label: 'Where', placeholder: 'value.order >= 30', title: 'A CEL expression over key, value (JSON), headers, partition, offset, timestamp — as ebx search --where', width: '13em' },
  { field: 'from', label: 'From', placeholder: 'beginning', title: 'ISO 8601 (2026-11-30T10:00:00Z), epoch milliseconds, or relative to now (-15m, -2h, -1d); empty: the beginning', width: '9em' },
  { field: 'until', label: 'Until', placeholder: 'no end', title: 'Records after this time end the search: ISO 8601, epoch ms, or relative (-5m); empty: no end', width: '9em' },
  { field: 'partitions', label: 'Partitions', placeholder: 'all', title: 'All partitions (empty), or a list: 0, 2, 5', width: '5em' },
  { field: 'maxMatches', label: 'Max matches', placeholder: '1000', title: 'The search stops after this many matches; Load more goes on', width: '5em' },
];

export interface SearchBarEvents {
  run(form: SearchForm): void;
  cancel(): void;
}

export class SearchBar {
  readonly element = el('form', { className: 'search-bar' });
  private readonly inputs = new Map<SearchField, HTMLInputElement>();
  private readonly problems = new Map<SearchField, HTMLElement>();
  private readonly keyMatch = el('select', { title: 'Is the key exactly this, or does it contain it?' });
  private readonly run: HTMLButtonElement;
  private readonly cancel: HTMLButtonElement;
  /** The form last drawn from the extension: a field the person is editing is not overwritten. */
  private shown: SearchForm | undefined;

  constructor(events: SearchBarEvents) {
    this.element.setAttribute('aria-label', 'Search this topic');
    this.keyMatch.append(new Option('is', 'is'), new Option('contains', 'contains'));
    this.keyMatch.setAttribute('aria-label', 'Key match');
    for (const spec of FIELDS) {
      const input = el('input', { className: `search-${spec.field}`, title: spec.title });
      input.placeholder = spec.placeholder;
      input.name = spec.field;
      input.style.width = spec.width;
      input.setAttribute('aria-label', spec.label);
      const problem = el('div', { className: `field-problem problem-${spec.field}` });
      problem.setAttribute('role', 'alert');
      const label = el('span', { className: 'field-label muted', text: spec.label });
      const row = el('div', { className: 'field-row' }, label, ...(spec.field === 'key' ? [this.keyMatch] : []), input);
      this.element.append(el('div', { className: 'field' }, row, problem));
      this.inputs.set(spec.field, input);
      this.problems.set(spec.field, problem);
    }
    this.run = button('Run', () => events.run(this.form()), { title: 'Search this topic with these fields (replaces the loaded records)' });
    this.run.type = 'submit';
    this.cancel = button('Cancel', () => events.cancel(), { secondary: true, title: 'Stop the search under way' });
    this.element.append(el('div', { className: 'field buttons' }, this.run, this.cancel));
    // Enter in any field runs the search, as a form does.
    this.element.addEventListener('submit', (event) => {
      event.preventDefault();
      events.run(this.form());
    });
  }

  form(): SearchForm {
    const value = (field: SearchField) => this.inputs.get(field)?.value ?? '';
    return {
      key: value('key'),
      keyMatch: this.keyMatch.value === 'contains' ? 'contains' : 'is',
      value: value('value'),
      header: value('header'),
      where: value('where'),
      from: value('from'),
      until: value('until'),
      partitions: value('partitions'),
      maxMatches: value('maxMatches'),
    };
  }

  update(form: SearchForm | undefined, problems: Partial<Record<SearchField, string>>, searching: boolean): void {
    this.element.hidden = form === undefined;
    if (!form) return;
    // Fields are filled from the extension when what it holds changed (a search opened from the
    // palette, a field it refused), never while the person types.
    if (JSON.stringify(form) !== JSON.stringify(this.shown)) {
      this.shown = { ...form };
      for (const [field, input] of this.inputs) if (document.activeElement !== input) input.value = form[field];
      this.keyMatch.value = form.keyMatch;
    }
    for (const [field, box] of this.problems) {
      const text = problems[field] ?? '';
      box.textContent = text;
      box.hidden = text === '';
      this.inputs.get(field)?.classList.toggle('invalid', text !== '');
    }
    this.run.disabled = searching;
    this.cancel.hidden = !searching;
  }
}
