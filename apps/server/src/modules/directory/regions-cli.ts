import { parseArgs } from 'node:util';
import { repoRoot } from '../../config.ts';
import { startLocalRegions } from './local-regions.ts';
import { join } from 'node:path';

const USAGE = `Starts a directory and two regions (cn, eu) on this machine, each a console process with
its own SQLite database and secrets under data/regions/ (docs/regions.md). Open the directory's
address, register, and the console works on the region you chose. Ctrl-C stops them.

  npm run regions -- [--port 8080]

  --port   the directory's port; the regions take the next two (default 8080)
`;

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8080' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
const port = Number(values.port);
if (values.help || !Number.isInteger(port) || port < 1 || port > 65533) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 2);
}
const started = await startLocalRegions({
  dataDir: join(repoRoot, 'data', 'regions'),
  port,
  output: (name, line) => console.log(`[${name}] ${line}`),
});
console.log(`directory (open this): ${started.directoryUrl}`);
console.log(`region cn: ${started.regions.cn}   region eu: ${started.regions.eu}`);
console.log('mail and SMS go to data/regions/directory/outbox/. Ctrl-C stops them.');
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void started.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
