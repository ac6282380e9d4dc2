// The one reader of files a person names (issue 39, item 6): regular files only, followed through
// symlinks; a FIFO, a device, a folder is one sentence and never a hang; a size cap per kind that
// holds even when the reported size lies. Hang-prone reads run in a child with a deadline.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FILE_KINDS, FileReadError, readBoundedFile, readBoundedText, sizeText } from '../../../src/core/files/readBoundedFile';
import { UsageError } from '../../../src/core/errors';
import { evaluateIsolated } from '../support/isolated';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ebx-bounded-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));
const at = (name: string) => path.join(dir, name);

/** A FileReadError (a UsageError: CLI exit 2) of exactly this one sentence. */
function refuses(fn: () => unknown, sentence: string): void {
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof FileReadError && err instanceof UsageError, `a FileReadError, not ${String(err)}`);
    assert.equal(err.message, sentence);
    return true;
  });
}

/** The reader run in a child with a deadline: a FIFO's open or /dev/zero must not hold it. */
function isolatedRead(file: string, kind: keyof typeof FILE_KINDS): string {
  const run = evaluateIsolated('core/files/readBoundedFile', `m.readBoundedText(${JSON.stringify(file)}, m.FILE_KINDS.${kind}).length`);
  assert.equal(run.timedOut, false, `reading ${file} did not end (a hang)`);
  assert.ok(run.error, `reading ${file} was refused`);
  return run.error.message;
}

test('a regular file reads whole, directly or through a symlink', () => {
  fs.writeFileSync(at('plain.properties'), 'acks=all\n');
  fs.symlinkSync(at('plain.properties'), at('link.properties'));
  assert.equal(readBoundedText(at('plain.properties'), FILE_KINDS.settings), 'acks=all\n');
  assert.equal(readBoundedText(at('link.properties'), FILE_KINDS.settings), 'acks=all\n');
  fs.writeFileSync(at('empty.json'), '');
  assert.equal(readBoundedFile(at('empty.json'), FILE_KINDS.snapshot).length, 0);
  // Exactly at the cap is still allowed.
  fs.writeFileSync(at('full.pem'), Buffer.alloc(FILE_KINDS.tls.maxBytes, 0x41));
  assert.equal(readBoundedFile(at('full.pem'), FILE_KINDS.tls).length, FILE_KINDS.tls.maxBytes);
});

test('a missing file, a folder and a loop of symlinks are one sentence each', () => {
  refuses(() => readBoundedFile(at('nope.json'), FILE_KINDS.snapshot), `cannot read ${at('nope.json')}: no such file.`);
  refuses(() => readBoundedFile(at('nope.json'), FILE_KINDS.snapshot, { shown: 'nope.json', capital: true }), 'Cannot read nope.json: no such file.');
  fs.mkdirSync(at('folder.avsc'));
  refuses(() => readBoundedFile(at('folder.avsc'), FILE_KINDS.schema, { shown: 'folder.avsc' }), 'cannot read folder.avsc: it is a folder.');
  fs.symlinkSync(at('loop-b'), at('loop-a'));
  fs.symlinkSync(at('loop-a'), at('loop-b'));
  refuses(() => readBoundedFile(at('loop-a'), FILE_KINDS.settings, { shown: 'loop-a' }), 'cannot read loop-a: its symbolic links loop.');
});

test('a FIFO is refused at once, even with no writer (it would block forever)', { timeout: 30_000 }, () => {
  execFileSync('mkfifo', [at('lint.properties')]);
  assert.equal(isolatedRead(at('lint.properties'), 'settings'), `cannot read ${at('lint.properties')}: it is a FIFO (a named pipe), not a regular file.`);
  refuses(() => readBoundedFile(at('lint.properties'), FILE_KINDS.settings, { shown: 'lint.properties' }), 'cannot read lint.properties: it is a FIFO (a named pipe), not a regular file.');
});

test('a device, directly or through a symlink (/dev/zero, /dev/urandom, /dev/null), is refused without reading it', { timeout: 30_000 }, () => {
  fs.symlinkSync('/dev/zero', at('zero.avsc'));
  fs.symlinkSync('/dev/urandom', at('random.pem'));
  assert.equal(isolatedRead(at('zero.avsc'), 'schema'), `cannot read ${at('zero.avsc')}: it is a device, not a regular file.`);
  assert.equal(isolatedRead(at('random.pem'), 'tls'), `cannot read ${at('random.pem')}: it is a device, not a regular file.`);
  assert.equal(isolatedRead('/dev/null', 'snapshot'), 'cannot read /dev/null: it is a device, not a regular file.');
  // The child's stdin is /dev/null: `/dev/stdin` is whatever stdin is, and that is no regular file.
  assert.equal(isolatedRead('/dev/stdin', 'snapshot'), 'cannot read /dev/stdin: it is a device, not a regular file.');
});

test('a file over its kind\'s cap is refused from its size, without reading it', () => {
  fs.writeFileSync(at('big.avsc'), '');
  fs.truncateSync(at('big.avsc'), FILE_KINDS.schema.maxBytes + 1024 * 1024);
  refuses(() => readBoundedFile(at('big.avsc'), FILE_KINDS.schema, { shown: 'big.avsc' }), 'big.avsc is larger than 8 MB, the most a schema file may be.');
  fs.writeFileSync(at('bundle.pem'), Buffer.alloc(FILE_KINDS.tls.maxBytes + 1));
  refuses(() => readBoundedFile(at('bundle.pem'), FILE_KINDS.tls, { shown: 'bundle.pem' }), 'bundle.pem is larger than 1 MB, the most a TLS certificate or key file may be.');
});

test('reading stops at the cap when the reported size lies (a /proc file reports 0 bytes)', () => {
  const status = '/proc/self/status';
  assert.equal(fs.statSync(status).size, 0, 'the kernel reports 0 bytes for it');
  const whole = readBoundedText(status, FILE_KINDS.settings);
  assert.match(whole, /^Name:/, 'read to its end although it reports 0 bytes');
  const tiny = { noun: 'a tiny file', maxBytes: 16 };
  refuses(() => readBoundedFile(status, tiny), `${status} is larger than 16 bytes, the most a tiny file may be.`);
});

test('the caps: schema 8 MB, lint and snapshot and positions 64 MB, TLS 1 MB', () => {
  assert.deepEqual(
    Object.fromEntries(Object.entries(FILE_KINDS).map(([name, kind]) => [name, sizeText(kind.maxBytes)])),
    { schema: '8 MB', settings: '64 MB', snapshot: '64 MB', positions: '64 MB', tls: '1 MB' },
  );
});
