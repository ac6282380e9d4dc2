// The records viewer's page as the e2e tests read it: the frame, the rows it drew, its counts line.
import type { FrameLocator } from 'playwright-core';
import type { Workbench } from './harness';

/** The page inside the newest webview panel (VS Code nests it in two iframes). */
export function viewerFrame(wb: Workbench): FrameLocator {
  return wb.page.locator('iframe.webview.ready').last().contentFrame().locator('iframe#active-frame').contentFrame();
}

/** The table's drawn rows, cell texts in row order (what a person reads); rows are pooled, and those out of view hidden. */
export async function drawnRows(wb: Workbench): Promise<string[][]> {
  type RowElement = { style: { display: string }; dataset: { row?: string }; children: ArrayLike<{ textContent: string | null }> };
  return viewerFrame(wb)
    .locator('.viewport .row:not(.loading)')
    .evaluateAll((elements) =>
      (elements as unknown as RowElement[])
        .filter((r) => r.style.display !== 'none')
        .sort((a, b) => Number(a.dataset.row) - Number(b.dataset.row))
        .map((r) => Array.from(r.children, (c) => c.textContent ?? '')),
    );
}

/** "12 records", "4 of 12 records"; empty while the page is not there. */
export async function viewerCounts(wb: Workbench): Promise<string> {
  return (await viewerFrame(wb).locator('.counts').textContent().catch(() => '')) ?? '';
}
