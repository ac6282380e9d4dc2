// Without any connection (no KAFKA_BOOTSTRAP, nothing in settings) the view shows a welcome with an
// "Add Connection" button, not an empty tree; the button starts the add-connection flow.
import * as assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Workbench } from './harness';

let wb: Workbench;

before(async () => {
  wb = await Workbench.open({ env: { KAFKA_BOOTSTRAP: undefined, KAFKA_SASL_BOOTSTRAP: undefined } });
});

after(async () => {
  await wb?.close();
});

test('no connection: a welcome view with an Add Connection button', async () => {
  await wb.openView('Event Broker');
  const welcome = wb.page.locator('.welcome-view-content');
  await welcome.waitFor({ timeout: 30_000 });
  assert.match(await welcome.innerText(), /No broker connection yet/);
  await wb.screenshot('welcome');
  await welcome.locator('a.monaco-button', { hasText: 'Add Connection' }).click();
  const box = wb.page.locator('.quick-input-widget');
  await box.waitFor({ state: 'visible', timeout: 15_000 });
  assert.match(await box.innerText(), /Add Connection \(1\/5\)/);
});
