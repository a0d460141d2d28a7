// `npm run setup -- …`: the first run from the command line (what it does, its options and exit
// codes: scripts/setup-cli.ts). Run with `--conditions=react-server` (see package.json) so the
// `server-only` modules load.
import { runSetupCli } from "./setup-cli";

void runSetupCli(process.argv.slice(2)).then((code) => process.exit(code));
