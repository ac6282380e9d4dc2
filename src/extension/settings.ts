import * as vscode from 'vscode';
import type { BrokerProfile } from '../core/model';

export interface ConnectionSetting {
  name: string;
  bootstrap: string;
  saslMechanism?: 'none' | 'plain' | 'scram-sha-256' | 'scram-sha-512';
  username?: string;
  tls?: boolean;
  caFile?: string;
  certFile?: string;
  keyFile?: string;
  rejectUnauthorized?: boolean;
}

export interface ExtensionSettings {
  connections: ConnectionSetting[];
  brokerProfile: BrokerProfile;
  clientOverrides: Record<string, string | number | boolean>;
  tailMaxOutputLines: number;
  replayDefaultMaxRecords: number;
  treePageSize: number;
  requestTimeoutSeconds: number;
}

/** Every setting key we read; a test checks them against package.json's contributes.configuration. */
export const SETTING_KEYS = {
  connections: 'connections',
  brokerProfile: 'brokerProfile',
  clientOverrides: 'clientOverrides',
  tailMaxOutputLines: 'tail.maxOutputLines',
  replayDefaultMaxRecords: 'replay.defaultMaxRecords',
  treePageSize: 'tree.pageSize',
  requestTimeoutSeconds: 'requestTimeoutSeconds',
} as const;

export const SETTINGS_SECTION = 'eventBroker';

/** The one typed accessor for our settings. */
export function readSettings(): ExtensionSettings {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const profile = config.get<string>(SETTING_KEYS.brokerProfile, 'vast');
  return {
    connections: config.get<ConnectionSetting[]>(SETTING_KEYS.connections, []).filter((c) => c && typeof c.name === 'string' && typeof c.bootstrap === 'string'),
    brokerProfile: profile === 'kafka' ? 'kafka' : 'vast',
    clientOverrides: config.get<Record<string, string | number | boolean>>(SETTING_KEYS.clientOverrides, {}),
    tailMaxOutputLines: config.get<number>(SETTING_KEYS.tailMaxOutputLines, 10_000),
    replayDefaultMaxRecords: config.get<number>(SETTING_KEYS.replayDefaultMaxRecords, 1_000),
    treePageSize: config.get<number>(SETTING_KEYS.treePageSize, 200),
    requestTimeoutSeconds: config.get<number>(SETTING_KEYS.requestTimeoutSeconds, 30),
  };
}

export async function writeConnections(connections: ConnectionSetting[]): Promise<void> {
  await vscode.workspace.getConfiguration(SETTINGS_SECTION).update(SETTING_KEYS.connections, connections, vscode.ConfigurationTarget.Global);
}
