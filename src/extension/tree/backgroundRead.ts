import type { ExplorerNode } from './explorerNode';
import { InfoNode } from './simpleNodes';

/**
 * A read an expansion starts and a redraw answers. getChildren returns at once (a "Loading…" row
 * while the read is out) and the row is redrawn when it settles: VS Code loses the children of a row
 * that is redrawn while its getChildren is still running, so a row that shows its own progress
 * (a count, a loading state) must never be redrawn from inside a getChildren it is awaiting.
 */
export class BackgroundRead<T> {
  private outcome: { ok: true; value: T } | { ok: false; error: unknown } | undefined;

  /** `settled` runs once the read has an answer (or a failure), after `outcome` is set. */
  constructor(work: Promise<T>, settled: () => void) {
    work.then(
      (value) => {
        this.outcome = { ok: true, value };
        settled();
      },
      (error: unknown) => {
        this.outcome = { ok: false, error };
        settled();
      },
    );
  }

  get pending(): boolean {
    return this.outcome === undefined;
  }

  /** The answer once there is one. */
  get value(): T | undefined {
    return this.outcome?.ok ? this.outcome.value : undefined;
  }

  /** The failure once there is one. */
  get failed(): { error: unknown } | undefined {
    return this.outcome && !this.outcome.ok ? { error: this.outcome.error } : undefined;
  }
}

/** The row shown while a BackgroundRead is out. */
export function loadingRow(parent: ExplorerNode, what: string): InfoNode {
  return new InfoNode(parent, `Loading ${what}…`, { icon: 'loading~spin' });
}
