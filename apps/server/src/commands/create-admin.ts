/**
 * `npm run staff:create-admin -- <email> [--first-name <name>] [--last-name <name>]`: the first staff admin of
 * a database without demo data (production, ADR 0033). Reads the same settings as the server (DATABASE_URL,
 * ADMIN_URL…), migrates if needed, creates an admin without a password and prints a single-use link to the
 * staff dashboard's set-password page, valid 24 hours. The link is printed here once, never logged or stored
 * (only its hash is). Refused once an admin can log in; run again for the same address to replace an unused link.
 */
import { emailField, nameField } from '@esim/contracts';
import { createDatabase, seedReferenceData } from '@esim/db';
import { loadConfig } from '../config';
import { createFirstAdmin } from '../modules/staff/staff-members.service';
import { runCommand, UsageError } from './run-command';

const usage = 'Usage: npm run staff:create-admin -- <email> [--first-name <name>] [--last-name <name>]';

const parseArguments = (argv: string[]) => {
  const positional: string[] = [];
  const named: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--first-name' || arg === '--last-name') {
      const value = argv[++i];
      if (value === undefined) throw new UsageError(`${arg} needs a value`);
      named[arg] = value;
    } else if (arg.startsWith('-')) throw new UsageError(`unknown option ${arg}`);
    else positional.push(arg);
  }
  if (positional.length !== 1) throw new UsageError('give exactly one e-mail address');
  const email = emailField.safeParse(positional[0]);
  if (!email.success) throw new UsageError(`${positional[0]} is not an e-mail address`);
  const firstName = nameField.safeParse(named['--first-name'] ?? 'Admin');
  const lastName = nameField.safeParse(named['--last-name'] ?? 'Admin');
  if (!firstName.success || !lastName.success) throw new UsageError('names are 1 to 50 characters');
  return { email: email.data, firstName: firstName.data, lastName: lastName.data };
};

const run = async () => {
  const input = parseArguments(process.argv.slice(2));
  const config = loadConfig();
  const database = await createDatabase(config.database);
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const result = await createFirstAdmin({ db: database.db, config }, input);
    if (result.outcome === 'refused') {
      console.error(`No admin created: ${result.reason}.`);
      return 1;
    }
    console.log(
      [
        '',
        result.outcome === 'created'
          ? `  Staff admin ${result.email} created, without a password.`
          : `  Staff admin ${result.email} had not chosen a password yet: here is a new link (the earlier one no longer works).`,
        `  Open this link to choose the password; it works once, until ${result.expiresAt.toISOString()}, and is shown only here:`,
        '',
        `    ${result.link}`,
        '',
      ].join('\n'),
    );
    return 0;
  } finally {
    await database.close();
  }
};

void runCommand(run, usage);
