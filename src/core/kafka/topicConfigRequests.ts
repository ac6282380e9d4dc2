// The topic-configuration requests kafkajs lacks, sent on its broker connections.
// IncrementalAlterConfigs (KIP-339) changes only the entries named: kafkajs has only AlterConfigs,
// which replaces every dynamic entry of the topic at once, so an entry we did not mention would be
// reset to its default. We send version 0 (not flexible, so kafkajs's header encoding fits it).
import Encoder from 'kafkajs/src/protocol/encoder';
import Decoder from 'kafkajs/src/protocol/decoder';
import apiKeys from 'kafkajs/src/protocol/requests/apiKeys';
import type { ConfigChange } from '../clusterAccess';
import { BrokerError } from '../brokerError';
import { errorName, sendOwnRequest } from './brokerRequests';
import type { InternalBroker } from './kafkaJsInternals';

const TOPIC_RESOURCE = 2;
const OPERATION_SET = 0;
const OPERATION_DELETE = 1;

/** Kafka's names for DescribeConfigs' config_source (DescribeConfigsResponse.ConfigSource). */
const CONFIG_SOURCE_NAMES: Record<number, string> = {
  0: 'UNKNOWN',
  1: 'DYNAMIC_TOPIC_CONFIG',
  2: 'DYNAMIC_BROKER_CONFIG',
  3: 'DYNAMIC_DEFAULT_BROKER_CONFIG',
  4: 'STATIC_BROKER_CONFIG',
  5: 'DEFAULT_CONFIG',
  6: 'DYNAMIC_BROKER_LOGGER_CONFIG',
  7: 'CLIENT_METRICS_CONFIG',
  8: 'GROUP_CONFIG',
};

export function configSourceName(code: number | undefined): string {
  return code === undefined ? 'UNKNOWN' : (CONFIG_SOURCE_NAMES[code] ?? 'UNKNOWN');
}

/** True when this broker (its ApiVersions answer, kept by kafkajs) takes IncrementalAlterConfigs. */
export function hasIncrementalAlterConfigs(broker: InternalBroker): boolean {
  const range = broker.versions?.[apiKeys.IncrementalAlterConfigs];
  return range !== undefined && range.minVersion <= 0;
}

/** Sets and deletes these entries of one topic; a refusal becomes one BrokerError with the broker's reason. */
export async function incrementalAlterTopicConfig(broker: InternalBroker, topic: string, changes: ConfigChange[]): Promise<void> {
  const answer = await sendOwnRequest<{ errorCode: number; errorMessage: string | null }[]>(broker, {
    request: {
      apiKey: apiKeys.IncrementalAlterConfigs,
      apiVersion: 0,
      apiName: 'IncrementalAlterConfigs',
      encode: () =>
        Promise.resolve(
          new Encoder()
            .writeArray([
              new Encoder()
                .writeInt8(TOPIC_RESOURCE)
                .writeString(topic)
                .writeArray(
                  changes.map((c) =>
                    new Encoder()
                      .writeString(c.name)
                      .writeInt8(c.value === null ? OPERATION_DELETE : OPERATION_SET)
                      .writeString(c.value),
                  ),
                ),
            ])
            .writeBoolean(false),
        ),
    },
    response: {
      decode: (payload: Buffer) => {
        const decoder = new Decoder(payload);
        decoder.readInt32(); // throttle time
        return Promise.resolve(
          decoder.readArray((d) => {
            const errorCode = d.readInt16();
            const errorMessage = d.readString();
            d.readInt8();
            d.readString();
            return { errorCode, errorMessage };
          }),
        );
      },
      parse: (data: unknown) => Promise.resolve(data),
    },
  });
  const refused = answer.find((r) => r.errorCode !== 0);
  if (refused) throw configRefusal(topic, refused.errorCode, refused.errorMessage);
}

/** The broker's own reason ("Invalid value abc for configuration retention.ms: …") in one sentence. */
export function configRefusal(topic: string, errorCode: number, message: string | null): BrokerError {
  const code = errorName(errorCode) ?? 'UNKNOWN_SERVER_ERROR';
  const kind = code === 'TOPIC_AUTHORIZATION_FAILED' || code === 'CLUSTER_AUTHORIZATION_FAILED' ? 'denied' : code === 'UNKNOWN_TOPIC_OR_PARTITION' ? 'unknownTopic' : 'fatal';
  const reason = message && message.trim() !== '' ? message.trim().replace(/\.$/, '') : code;
  return new BrokerError(kind, `The broker refused to change the configuration of ${topic}: ${reason}. Nothing was changed.`, { topic, code });
}
