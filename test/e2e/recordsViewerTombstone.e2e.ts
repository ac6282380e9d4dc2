// End to end in a real browser (issue 24): Replay Topic… from the palette on a topic holding one
// record, a tombstone. The viewer's count says "1 record" (not "1 records") and the value cell says
// "tombstone" (it was blank), as text in the muted style of a stand-in.
import * as assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { until, Workbench } from './harness';
import { drawnRows, viewerCounts, viewerFrame } from './recordsViewerPage';
import { openSession, topicWith } from '../support/kafkaFixtures';
import type { KafkaSession } from '../../src/core/session';

let wb: Workbench;
let session: KafkaSession;
let topic: string;

before(async () => {
  session = openSession();
  topic = await topicWith(session, 'tombstone', 1, [{ key: 'customer-1', value: null }]);
  wb = await Workbench.open({ env: { KAFKA_BOOTSTRAP: process.env.KAFKA_BOOTSTRAP } });
});

after(async () => {
  await wb?.close('recordsViewerTombstone-final');
  await session?.close();
});

test('Replay Topic… shows one tombstone as "1 record" with "tombstone" in its value cell', async () => {
  await wb.openView('Event Broker');
  await wb.waitForRow('KAFKA_BOOTSTRAP'); // the extension is up and its commands are in the palette
  await wb.runCommand('Event Broker: Replay Topic…');
  await wb.typeAndPick(topic);
  await wb.pickQuickInput('Beginning'); // no record limit asked: the viewer's default
  await until('the viewer with its one record', async () => ((await viewerCounts(wb).catch(() => '')) === '1 record' ? true : undefined), 60_000);
  const rows = await until('the drawn row', async () => {
    const r = await drawnRows(wb);
    return r.length === 1 ? r : undefined;
  });
  assert.deepEqual([rows[0][3], rows[0][4]], ['customer-1', 'tombstone']);
  assert.equal(await viewerFrame(wb).locator('.viewport .row .cell.tombstone').count(), 1, 'the stand-in is set apart from a value that is the word');
  await wb.screenshot('recordsViewer-tombstone');
});
