// A listing piped into a reader that stops early (`--list | head`): the
// reader closed the pipe because it has what it wanted, so the process ends
// quietly instead of dying on an unhandled EPIPE.

/** Ends the process quietly (exit 0) when its stdout's reader goes away. */
export function quietOnClosedPipe(stream: NodeJS.WriteStream = process.stdout): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}
