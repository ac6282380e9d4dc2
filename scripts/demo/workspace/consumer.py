"""A consumer in the style of VAST's consuming guide, with settings carried over from elsewhere.

Open the Problems panel: Event Broker Explorer flags the settings VAST Event Broker ignores or
refuses, and offers quick fixes (Ctrl+. on a squiggle).
"""
import json
import os

from confluent_kafka import Consumer

conf = {
    'bootstrap.servers': os.environ['KAFKA_BOOTSTRAP'],
    'group.id': 'docs-consuming-billing',
    'auto.offset.reset': 'earliest',
    'enable.auto.commit': False,
    'partition.assignment.strategy': 'cooperative-sticky',
    'group.instance.id': 'billing-1',
    'isolation.level': 'read_uncommitted',
    'fetch.wait.max.ms': 100,
}
if os.environ.get('KAFKA_USERNAME'):
    conf.update({
        'security.protocol': 'SASL_PLAINTEXT',
        'sasl.mechanism': 'PLAIN',
        'sasl.username': os.environ['KAFKA_USERNAME'],
        'sasl.password': os.environ['KAFKA_PASSWORD'],
    })

consumer = Consumer(conf)
consumer.subscribe(['docs-consuming-orders'])
try:
    while True:
        msg = consumer.poll(1.0)
        if msg is None or msg.error():
            continue
        order = json.loads(msg.value())
        print('billing order', order['order'])
        consumer.commit(message=msg, asynchronous=False)  # commit after processing
finally:
    consumer.close()
