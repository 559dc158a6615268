import { rm, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.ts';
import { createDatabase } from '../../db/create-database.ts';
import { migrateToLatest } from '../../db/migrator.ts';
import { cardsCsv, issueCards, orderProblems, type CardBatchOrder } from './card-issuer.ts';

const USAGE = `Issues a batch of billing cards and writes their numbers and passwords, once, to a CSV file.

  npm run cards:issue -- --type ca --count N --batch NAME --templates T --tags N --level L --deadline YYYY-MM-DD
  npm run cards:issue -- --type ra --count N --batch NAME --gigabytes G --deadline YYYY-MM-DD

  --out FILE.csv   where to write (default ./cards-<batch>.csv); an existing file is never overwritten
  --deadline       the last day (UTC) cards can be activated: today or later, e.g. $(date -u -d '+1 year' +%F)
  The database keeps only each number and a keyed hash of its password (CARD_PEPPER).
`;

const int = (v: string | undefined) => (v === undefined ? undefined : Number(v));

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      type: { type: 'string' },
      count: { type: 'string' },
      batch: { type: 'string' },
      templates: { type: 'string' },
      tags: { type: 'string' },
      level: { type: 'string' },
      gigabytes: { type: 'string' },
      deadline: { type: 'string' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const order: CardBatchOrder = {
    type: values.type === 'ra' ? 'ra' : values.type === 'ca' ? 'ca' : (values.type as 'ca'),
    count: Number(values.count),
    batch: values.batch ?? '',
    deadline: values.deadline ?? '',
    ...(values.type === 'ca'
      ? { templates: int(values.templates) ?? 0, tags: int(values.tags) ?? 0, level: int(values.level) }
      : { gigabytes: int(values.gigabytes) }),
  };
  const problems = orderProblems(order);
  if (problems.length > 0) {
    console.error(`${problems.join('\n')}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const out = values.out ?? `./cards-${order.batch}.csv`;
  // Claim the file before issuing: an existing file is refused and nothing is issued.
  await writeFile(out, '', { flag: 'wx', mode: 0o600 });
  const config = loadConfig();
  const { db } = createDatabase(config);
  try {
    await migrateToLatest(db, config.databaseSchema);
    const cards = await issueCards(db, config.cardPepper, order);
    await writeFile(out, cardsCsv(order, cards), { mode: 0o600 });
    console.log(`issued ${cards.length} ${order.type} cards of batch ${order.batch}: ${out}`);
  } catch (err) {
    await rm(out, { force: true });
    throw err;
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
