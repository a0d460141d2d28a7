// `npm run rotate-key`: re-encrypts everything stored encrypted with the current ENCRYPTION_KEY (what
// it does, its options and exit codes: scripts/rotate-key-cli.ts). Run with
// `--conditions=react-server` (see package.json) so the `server-only` modules load.
import { runRotateKeyCli } from "./rotate-key-cli";

void runRotateKeyCli(process.argv.slice(2)).then((code) => process.exit(code));
