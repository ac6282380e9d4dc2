// What `npm run demo` puts on the broker: the scenario of VAST's consuming guide ("Consume events"),
// plus what the extension's other features need to be seen (idle groups, a busy topic, odd records).
export const ORDERS = { topic: 'docs-consuming-orders', partitions: 3, events: 35 };
/** The guide's consumer: read every order, commit after processing, leave. */
export const BILLING_GROUP = 'docs-consuming-billing';
/** Two live members sharing the orders' partitions while the demo runs. */
export const REBALANCE_GROUP = 'docs-consuming-rebalance';
/** Test groups nobody uses any more: what "Delete Idle Consumer Groups…" is for. */
export const IDLE_GROUPS = ['demo-idle-1', 'demo-idle-2', 'demo-idle-3'];
export const IDLE_PREFIX = 'demo-idle-';
/** A busy topic to tail: a few events a second for as long as the demo runs. */
export const TRICKLE = { topic: 'docs-consuming-trickle', partitions: 2, perSecond: 3 };
/** Binary values, a tombstone, headers, and a batch compressed with each codec (by kafkajs with compressionCodecs.mjs). */
export const ENCODINGS = { topic: 'demo-binary-compressed', partitions: 1, codecs: ['gzip', 'snappy', 'lz4', 'zstd'], perCodec: 5 };

export const orderKey = (n) => `order-${n}`;
export const orderValue = (n) => JSON.stringify({ order: n });
/** Avro values written with the demo workspace's schemas/payment.avsc (raw, no registry): the viewer decodes them with that file. */
export const AVRO_PAYMENTS = { topic: 'demo-avro-payments', partitions: 1, schema: 'schemas/payment.avsc', events: 12 };

/** The n-th payment, as the JSON that `ebx produce --value-schema` encodes. */
export function paymentValue(n, now) {
  const statuses = ['CAPTURED', 'CAPTURED', 'AUTHORIZED', 'DECLINED'];
  return {
    order: n,
    customer: `customer-${n % 5}`,
    amount: `${(19 + n * 7.25).toFixed(2)}`,
    currency: ['EUR', 'USD', 'GBP'][n % 3],
    status: statuses[n % statuses.length],
    paidAt: new Date(now - (12 - n) * 60_000).toISOString(),
    card: n % 3 === 2 ? null : { brand: n % 2 ? 'visa' : 'mastercard', last4: String(4242 + n).slice(-4) },
  };
}
