// Sending requests on a broker connection kafkajs already manages (SASL and TLS included): one of
// kafkajs's protocol requests while keeping the whole decoded answer (kafkajs's own `parse` throws
// on the first partition with an error, which would hide how the other partitions fared), or one we
// encode and decode ourselves, at the newest version both sides support.
import { requests } from 'kafkajs/src/protocol/requests';
import apiKeys from 'kafkajs/src/protocol/requests/apiKeys';
import { errorCodes } from 'kafkajs/src/protocol/error';
import type { CreateTopicsResponse, DeleteRecordsResponse, InternalBroker, OffsetCommitResponse, ProtocolRequest } from './kafkaJsInternals';

/** A kafkajs request definition, tagged with the shape of its decoded answer. */
export interface RequestDefinition<Response> {
  apiKey: number;
  definitions: unknown;
  /** Never set: only carries the answer's type. */
  readonly response?: Response;
}

export const OFFSET_COMMIT: RequestDefinition<OffsetCommitResponse> = { apiKey: apiKeys.OffsetCommit, definitions: requests.OffsetCommit };
export const DELETE_RECORDS: RequestDefinition<DeleteRecordsResponse> = { apiKey: apiKeys.DeleteRecords, definitions: requests.DeleteRecords };
export const CREATE_TOPICS: RequestDefinition<CreateTopicsResponse> = { apiKey: apiKeys.CreateTopics, definitions: requests.CreateTopics };

const codeNames = new Map(errorCodes.map((e) => [e.code, e.type]));

/** null for 0 (no error), else the broker's error code name. */
export function errorName(code: number): string | null {
  return code === 0 ? null : (codeNames.get(code) ?? `error code ${code}`);
}

type SendRequest = (request: ProtocolRequest) => Promise<unknown>;

/**
 * The newest version of `apiKey` that both we (up to `newest`) and the broker support, from the
 * ApiVersions answer kafkajs keeps on the connected Broker; null when the broker lacks the API.
 */
export function commonVersion(broker: InternalBroker, apiKey: number, newest: number): number | null {
  const theirs = broker.versions?.[apiKey];
  if (!theirs || theirs.maxVersion < 0) return null;
  const version = Math.min(newest, theirs.maxVersion);
  return version >= theirs.minVersion ? version : null;
}

/** A request body we encoded, sent at `version`; `decode` gets the answer after its correlation id. */
export async function sendEncoded<Answer extends { clientSideThrottleTime: number }>(
  broker: InternalBroker,
  request: { apiKey: number; apiName: string; version: number; body: Buffer },
  decode: (payload: Buffer) => Answer,
): Promise<Answer> {
  const { body } = request;
  const protocolRequest = {
    // kafkajs writes the header up to the client id, then whatever `encode` returns: an Encoder-shaped object.
    request: { apiKey: request.apiKey, apiVersion: request.version, apiName: request.apiName, encode: () => Promise.resolve({ buf: body, buffer: body }) },
    response: { decode: (payload: Buffer) => Promise.resolve(decode(payload)), parse: (answer: Answer) => Promise.resolve(answer) },
  };
  return (await sendRequestOf(broker)(protocolRequest as unknown as ProtocolRequest)) as Answer;
}

/** Sends the request at the version the broker and kafkajs agree on, and returns the decoded answer unparsed. */
export async function sendKeepingPartitionErrors<Response>(broker: InternalBroker, request: RequestDefinition<Response>, args: object): Promise<Response> {
  const build = broker.lookupRequest(request.apiKey, request.definitions);
  const protocolRequest = build(args);
  const send = sendRequestOf(broker);
  // The answer is the decoder's output, whose shape RequestDefinition names (see kafkaJsInternals.ts).
  return (await send({ ...protocolRequest, response: { ...protocolRequest.response, parse: (data: unknown) => Promise.resolve(data) } })) as Response;
}

/** A request kafkajs has no definition for (we encode it and decode its answer), on the broker's own connection. */
export async function sendOwnRequest<Response>(broker: InternalBroker, protocolRequest: ProtocolRequest): Promise<Response> {
  return (await sendRequestOf(broker)(protocolRequest)) as Response;
}

/** kafkajs's private Broker#sendRequest (behind a symbol), bound to this broker. */
function sendRequestOf(broker: InternalBroker): SendRequest {
  const symbol = sendRequestSymbol(broker);
  const method = (broker as unknown as Record<symbol, SendRequest>)[symbol];
  return method.bind(broker);
}

/** kafkajs's private Broker method that sends a protocol request (and drops the connection when it closed). */
export function sendRequestSymbol(broker: object): symbol {
  for (let proto = Object.getPrototypeOf(broker) as object | null; proto; proto = Object.getPrototypeOf(proto) as object | null) {
    const found = Object.getOwnPropertySymbols(proto).find((s) => s.description === 'private:Broker:sendRequest');
    if (found) return found;
  }
  throw new Error('This kafkajs version has no private sendRequest on its Broker: update src/core/kafka/brokerRequests.ts.');
}
