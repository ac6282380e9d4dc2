#!/usr/bin/env node
// The Debian packages the two commands of the README need beyond Node, Java and Maven, in one list
// (the README's "What it needs" names the same; test/unit/systemPackages.test.ts checks that).
// `npm run demo` and `npm test` call ensureSystemPackages() for what they are about to use: as root
// with apt-get (our machines and CI) the missing ones are installed, saying which; anywhere else
// they stop with the one line to run.
//
//   node scripts/system-packages.mjs install test    # what .ci/run does: every package npm test needs
//   node scripts/system-packages.mjs list demo        # the names, one line
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Each package: why we need it, and how to tell it is there without asking dpkg (which not every machine has). */
export const SYSTEM_PACKAGES = {
  ripgrep: { for: "code-server's install (its ripgrep package would download rg)", present: () => onPath('rg') },
  'libkrb5-dev': { for: "code-server's kerberos native module (gssapi headers)", present: () => fs.existsSync('/usr/include/gssapi/gssapi.h') || fs.existsSync('/usr/include/gssapi.h') },
  chromium: { for: 'the browser tests and the demo test', present: () => fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') },
  kcat: { for: 'batches written by librdkafka in the tests, and the benchmark yardstick', present: () => onPath('kcat') },
  'python3-avro': { for: 'records written by Apache Avro (test/fixtures/records/generate.py)', present: () => fs.existsSync('/usr/lib/python3/dist-packages/avro') },
  'python3-protobuf': { for: "records written by Google's Protobuf (the same script)", present: () => fs.existsSync('/usr/lib/python3/dist-packages/google/protobuf') },
  'protobuf-compiler': { for: 'protoc, which makes the Protobuf classes of that script', present: () => onPath('protoc') },
  time: { for: "the bench's peak-memory figures (/usr/bin/time -f %M)", present: () => fs.existsSync('/usr/bin/time') },
};

/** What each command needs: the demo in code-server, and npm test (whose tiers run the demo too). */
export const NEEDS = {
  'code-server': ['ripgrep', 'libkrb5-dev'],
  demo: ['ripgrep', 'libkrb5-dev'],
  test: ['ripgrep', 'libkrb5-dev', 'chromium', 'kcat', 'time'],
  // The `registry` tier, run only when named (`npm test -- registry`).
  registry: ['python3-avro', 'python3-protobuf', 'protobuf-compiler'],
};

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

const log = (msg) => process.stderr.write(`[setup] ${msg}\n`);

/** The packages of `names` that this machine lacks. */
export function missingPackages(names) {
  return names.filter((name) => !SYSTEM_PACKAGES[name].present());
}

/** How long apt-get waits for a package lock another apt or dpkg holds (an unattended upgrade, say) before it gives up. */
export const APT_LOCK_WAIT_SECONDS = 120;

/**
 * The apt-get runs that install `missing`: a fresh machine's package lists can be empty or stale,
 * so update once, then install. Each waits for a busy lock instead of failing at once
 * (`DPkg::Lock::Timeout`, apt 1.9.11 and later).
 */
export function aptGetCommands(missing) {
  const waitForLock = ['-o', `DPkg::Lock::Timeout=${APT_LOCK_WAIT_SECONDS}`];
  return [
    [...waitForLock, 'update', '-q'],
    [...waitForLock, 'install', '-y', '-q', ...missing],
  ];
}

/**
 * Installs (as root, with apt-get) or asks for the packages of `names` that are missing.
 * `purpose` names what needs them in the messages. Throws one sentence when it cannot.
 */
export function ensureSystemPackages(names, purpose) {
  const missing = missingPackages(names);
  if (missing.length === 0) return [];
  const line = `apt-get install -y ${missing.join(' ')}`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !onPath('apt-get') || process.env.EBX_NO_APT === '1') {
    throw new Error(`${purpose} needs Debian packages this machine lacks: run \`${isRoot ? '' : 'sudo '}${line}\` first`);
  }
  log(`${purpose} needs ${missing.map((n) => `${n} (${SYSTEM_PACKAGES[n].for})`).join(', ')}: installing with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of aptGetCommands(missing)) {
    const r = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${r.status}): run \`${line}\` yourself and try again`);
  }
  const still = missingPackages(missing);
  if (still.length) throw new Error(`apt-get installed ${still.join(' ')} but ${purpose} still cannot find them`);
  log(`installed ${missing.join(' ')}`);
  return missing;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [verb, what] = process.argv.slice(2);
  const names = NEEDS[what];
  if (!names || !['install', 'list'].includes(verb)) {
    process.stderr.write(`usage: node scripts/system-packages.mjs install|list ${Object.keys(NEEDS).join('|')}\n`);
    process.exit(2);
  }
  if (verb === 'list') {
    process.stdout.write(`${names.join(' ')}\n`);
  } else {
    try {
      ensureSystemPackages(names, what === 'test' ? 'npm test' : `the ${what}`);
    } catch (e) {
      log(e.message);
      process.exit(1);
    }
  }
}
