import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { deviceKindSchema } from '@hmi/domain';
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../../db/create-database.ts';
import { migrateToLatest } from '../../db/migrator.ts';
import { DbDeviceRegistry } from './db-device-registry.ts';
import { parseFactoryCsv } from './factory-csv.ts';

const USAGE = `Registers devices (serial number + secret) so that they can connect and be bound.

  npm run devices:register -- --sn SN --secret SECRET [--kind hmi|gateway] [--model MODEL]
  npm run devices:register -- --csv factory-list.csv      (lines: sn,secret[,kind,model])

  --replace   set the new secret (and kind, model) of SNs that are already registered
`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sn: { type: 'string' },
      secret: { type: 'string' },
      kind: { type: 'string' },
      model: { type: 'string' },
      csv: { type: 'string' },
      replace: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help || (!values.csv && !(values.sn && values.secret))) {
    console.log(USAGE);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const entries = values.csv
    ? parseFactoryCsv(await readFile(values.csv, 'utf8'))
    : [
        {
          sn: values.sn ?? '',
          secret: values.secret ?? '',
          kind: values.kind ? deviceKindSchema.parse(values.kind) : undefined,
          model: values.model,
        },
      ];

  const config = loadConfig();
  const { db } = createDatabase(config);
  const counts = { created: 0, exists: 0, updated: 0, failed: 0 };
  try {
    await migrateToLatest(db, config.databaseSchema);
    const registry = new DbDeviceRegistry(db);
    for (const entry of entries) {
      try {
        const outcome = await registry.add(entry, { replaceSecret: values.replace });
        counts[outcome]++;
        console.log(`${outcome}: ${entry.sn}`);
      } catch (err) {
        counts.failed++;
        console.error(`failed: ${entry.sn}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  } finally {
    await db.destroy();
  }
  console.log(
    `${counts.created} registered, ${counts.updated} updated, ${counts.exists} already registered, ${counts.failed} failed`,
  );
  if (counts.failed > 0) process.exitCode = 1;
}

await main();
