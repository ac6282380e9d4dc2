// The README is also the extension's page in the Extensions view. Installed from the .vsix as a user
// installs it, with no network, the details page must show the README with every screenshot loaded. Saves
// test-artifacts/e2e/extension-details.png.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { Frame } from 'playwright-core';
import { repoRoot } from './codeServer';
import { Workbench, selectors, until } from './harness';

let wb: Workbench;
/** What of an HTMLImageElement the check reads (the tests compile without the DOM library). */
interface Picture { complete: boolean; naturalWidth: number }

before(async () => {
  wb = await Workbench.open({ viewport: { width: 1400, height: 1000 } });
});

after(async () => {
  await wb?.close();
});

/** The frame the details page renders the README into (a webview: frames inside frames). */
async function readmeFrame(heading: string): Promise<Frame | undefined> {
  for (const frame of wb.page.frames()) {
    const found = await frame.locator('h1', { hasText: heading }).count().catch(() => 0);
    if (found > 0) return frame;
  }
  return undefined;
}

test('the Extensions view shows the README with its screenshots', async () => {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const title = /^# (.+)$/m.exec(readme)![1].trim();
  // The package carries them as data: URLs (scripts/vsix.mjs): the details page shows images from https: or data: only.
  const pictures = [...readme.matchAll(/!\[([^\]]*)\]\(docs\/screenshots\/[^)\s]+\)/g)].map((m) => m[1]);
  assert.ok(pictures.length >= 3, `the README shows screenshots (${pictures.length})`);

  await wb.openView('Extensions');
  const row = wb.page.locator(selectors.sidebar).locator(selectors.listRow).filter({ hasText: title }).first();
  await row.waitFor({ timeout: 30_000 });
  await row.click();
  const frame = await until('the README on the details page', () => readmeFrame(title), 60_000);

  let images: Array<{ alt: string; src: string; ok: boolean }> = [];
  // Every <img> of the README decoded (naturalWidth > 0): a broken relative link would be 0.
  const loaded = await until('every screenshot to load', async () => {
    images = await frame.locator('img').evaluateAll((imgs) => imgs.map((i) => ({ alt: i.getAttribute('alt') ?? '', src: (i.getAttribute('src') ?? '').slice(0, 40), ok: (i as unknown as Picture).complete && (i as unknown as Picture).naturalWidth > 0 })));
    const shown = images.filter((i) => pictures.includes(i.alt));
    return shown.length === pictures.length && shown.every((i) => i.ok) ? shown : undefined;
  }, 30_000).catch(async (err: Error) => {
    await wb.screenshot('extension-details-failed');
    throw new Error(`${err.message}; the page's images: ${JSON.stringify(images)}`);
  });
  assert.equal(loaded.length, pictures.length);
  await frame.locator('img').first().scrollIntoViewIfNeeded();
  await wb.screenshot('extension-details');
});
