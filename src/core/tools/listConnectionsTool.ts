import { defineTool } from './toolDefinition';

export const listConnectionsTool = defineTool({
  name: 'ebx_listConnections',
  displayName: 'List Broker Connections',
  toolReferenceName: 'brokerConnections',
  userDescription: 'Lists the Kafka / VAST Event Broker connections: name, bootstrap, authentication and whether they are read-only.',
  modelDescription:
    'Lists the broker connections the other ebx_ tools can use, as JSON: name, bootstrap servers (host:port list), ' +
    'auth (none, plain, scram-sha-256 or scram-sha-512), username, tls, and readOnly (a read-only connection refuses every tool that changes the broker). ' +
    'Never returns a password. Call it first when the user has several clusters, then pass the name as "connection" to the other tools.',
  input: {},
  changes: false,
  run(context) {
    const connections = context.connections();
    if (connections.length === 0) {
      return Promise.resolve('No broker connection is configured: add one (Event Broker: Add Connection…) or set KAFKA_BOOTSTRAP.');
    }
    return Promise.resolve(JSON.stringify({ connections }, null, 1));
  },
});
