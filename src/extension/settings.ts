import * as vscode from 'vscode';
import type { BrokerProfile } from '../core/model';
import { usableRules, type FormatRule } from '../core/formats/formatRules';
import { EXTENSION_ID } from './commandIds';

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
  /** Every change to the broker is refused on this connection (core/readOnly.ts). */
  readOnly?: boolean;
  /** A Confluent-compatible schema registry beside the cluster (its secret is in SecretStorage or `passwordEnv`). */
  schemaRegistry?: RegistrySetting;
}

export interface RegistrySetting {
  url: string;
  auth?: 'none' | 'basic' | 'bearer';
  username?: string;
  /** An environment variable holding the password or token, instead of SecretStorage. */
  passwordEnv?: string;
  caFile?: string;
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
  lagWatchIntervalSeconds: number;
  lagWarningSeconds: number;
  /** The usable entries of `eventBroker.recordFormats`, in order (core/formats/formatRules.ts). */
  recordFormats: FormatRule[];
  /** One sentence per entry of `eventBroker.recordFormats` that cannot be used. */
  recordFormatProblems: string[];
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
  lagWatchIntervalSeconds: 'lag.watchIntervalSeconds',
  lagWarningSeconds: 'lag.warningSeconds',
  recordFormats: 'recordFormats',
} as const;

export const SETTINGS_SECTION = 'eventBroker';

type SettingField = keyof typeof SETTING_KEYS;

/** The part of package.json this file reads: each setting's declared default. */
interface ContributedConfiguration {
  contributes?: { configuration?: { properties?: Record<string, { default?: unknown } | undefined> } };
}

/**
 * A setting's default as package.json's contributes.configuration declares it: defaults are
 * written there only (the Settings editor shows them too), never again in code.
 */
export function contributedDefault<F extends SettingField>(field: F): ExtensionSettings[F] {
  const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as ContributedConfiguration | undefined;
  const key = `${SETTINGS_SECTION}.${SETTING_KEYS[field]}`;
  const declared = manifest?.contributes?.configuration?.properties?.[key]?.default;
  if (declared === undefined) throw new Error(`package.json declares no default for ${key}`);
  return declared as ExtensionSettings[F];
}

/** The one typed accessor for our settings; a value of the wrong type reads as the default. */
export function readSettings(): ExtensionSettings {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const number = (field: 'tailMaxOutputLines' | 'replayDefaultMaxRecords' | 'treePageSize' | 'requestTimeoutSeconds' | 'lagWatchIntervalSeconds' | 'lagWarningSeconds'): number => {
    const value = config.get<unknown>(SETTING_KEYS[field]);
    return typeof value === 'number' && Number.isFinite(value) ? value : contributedDefault(field);
  };
  const profile = config.get<unknown>(SETTING_KEYS.brokerProfile);
  const connections = config.get<unknown>(SETTING_KEYS.connections);
  const overrides = config.get<unknown>(SETTING_KEYS.clientOverrides);
  const formats = usableRules(config.get<unknown>(SETTING_KEYS.recordFormats));
  return {
    connections: (Array.isArray(connections) ? (connections as unknown[]) : contributedDefault('connections')).filter(isConnectionSetting),
    brokerProfile: profile === 'kafka' || profile === 'vast' ? profile : contributedDefault('brokerProfile'),
    clientOverrides: typeof overrides === 'object' && overrides !== null && !Array.isArray(overrides) ? (overrides as ExtensionSettings['clientOverrides']) : contributedDefault('clientOverrides'),
    tailMaxOutputLines: number('tailMaxOutputLines'),
    replayDefaultMaxRecords: number('replayDefaultMaxRecords'),
    treePageSize: number('treePageSize'),
    requestTimeoutSeconds: number('requestTimeoutSeconds'),
    lagWatchIntervalSeconds: number('lagWatchIntervalSeconds'),
    lagWarningSeconds: number('lagWarningSeconds'),
    recordFormats: formats.rules,
    recordFormatProblems: formats.problems,
  };
}

function isConnectionSetting(value: unknown): value is ConnectionSetting {
  const c = value as Partial<ConnectionSetting> | null;
  return typeof c === 'object' && c !== null && typeof c.name === 'string' && typeof c.bootstrap === 'string';
}

export async function writeConnections(connections: ConnectionSetting[]): Promise<void> {
  await vscode.workspace.getConfiguration(SETTINGS_SECTION).update(SETTING_KEYS.connections, connections, vscode.ConfigurationTarget.Global);
}

/**
 * Changes `eventBroker.recordFormats` where the user keeps it: the workspace's settings when a folder
 * is open (the schema files are the workspace's), the user's otherwise. `change` gets the entries in
 * force, as written, unusable ones included (they stay as they are): a workspace list replaces the
 * user's whole (VS Code does not merge lists), so the first workspace list starts from the user's
 * entries rather than silently dropping them.
 */
export async function updateRecordFormats(change: (entries: readonly unknown[]) => unknown[]): Promise<void> {
  const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
  const inWorkspace = (vscode.workspace.workspaceFolders?.length ?? 0) > 0;
  const inspected = config.inspect<unknown>(SETTING_KEYS.recordFormats);
  const current = inWorkspace ? (inspected?.workspaceValue ?? inspected?.globalValue) : inspected?.globalValue;
  const entries = Array.isArray(current) ? (current as unknown[]) : [];
  await config.update(SETTING_KEYS.recordFormats, change(entries), inWorkspace ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global);
}
