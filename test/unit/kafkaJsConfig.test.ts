// The kafkajs configuration core builds from a connection: TLS verification stays on unless turned off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { kafkaJsConfig } from '../../src/core/kafka/kafkaJsConfig';
import type { TlsOptions } from '../../src/core/connection';

test('TLS: verification is on unless turned off explicitly', () => {
  const config = (tls: TlsOptions) => kafkaJsConfig({ bootstrap: ['h:1'], tls }, 'x').ssl as { rejectUnauthorized: boolean };
  assert.equal(config({}).rejectUnauthorized, true);
  assert.equal(config({ rejectUnauthorized: true }).rejectUnauthorized, true);
  assert.equal(config({ rejectUnauthorized: false }).rejectUnauthorized, false);
});
