// Tier 3 smoke test: the workbench loads in Chromium with the packaged extension installed.
//   node --test --test-reporter=spec out/test/e2e/*.e2e.js
import * as assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Workbench } from './harness';

let wb: Workbench;

before(async () => {
  wb = await Workbench.open();
  console.log(`  extension installed as ${wb.installedAs}; code-server start ${wb.timings.codeServerStartMs} ms, workbench ${wb.timings.workbenchMs} ms`);
});

after(async () => {
  await wb?.close();
});

test('the workbench loads with Event Broker Explorer installed', async () => {
  await wb.openView('Extensions'); // a fresh profile's Extensions view lists the installed ones
  const row = await wb.waitForRow('Event Broker Explorer');
  assert.match(await row.innerText(), /Event Broker Explorer/);
  await wb.screenshot('workbench');
});
