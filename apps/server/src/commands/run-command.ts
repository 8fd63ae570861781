import { ConfigError } from '../config';

/** A command line the operator got wrong: printed with the command's usage, exit code 2. */
export class UsageError extends Error {}

/**
 * Runs a command's body and exits with its code: a usage error prints the usage (2), a configuration problem
 * its list (1), anything else the error (1).
 */
export const runCommand = (run: () => Promise<number>, usage: string) =>
  run().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof UsageError) console.error(`${error.message}\n${usage}`);
      else if (error instanceof ConfigError) console.error(error.message);
      else console.error(error);
      process.exit(error instanceof UsageError ? 2 : 1);
    },
  );
