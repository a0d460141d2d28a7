/**
 * Where a command-line script writes and reads. The scripts' entry files pass the process's own
 * streams (processIo); their tests call the commands in the test process with a recording one, so a
 * case costs a database open rather than a new Node process.
 */
export interface CliIo {
  /** A line on standard output (console.log's formatting). */
  log(...values: unknown[]): void;
  /** A line on standard error (console.error's formatting). */
  error(...values: unknown[]): void;
  /** Text on standard output as it is (the shown-once secrets block). */
  write(text: string): void;
  /** Standard input: the password when it is piped, or typed on a terminal. */
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
}

export const processIo: CliIo = {
  log: (...values) => console.log(...values),
  error: (...values) => console.error(...values),
  write: (text) => void process.stdout.write(text),
  stdin: process.stdin,
};
