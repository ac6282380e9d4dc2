// A closed pipe is how `| head` says "enough". Its own module, so that main.ts (and `ebx --help`)
// does not load output.ts and the table package with it.

/** On EPIPE, leave with 0 and print nothing. */
export function exitQuietlyOnClosedPipe(stream: NodeJS.WriteStream = process.stdout): void {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
}
