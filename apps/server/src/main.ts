import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startBanner } from './lib/start-banner.ts';
import { operatorLog, prettyLogs } from './lib/logging.ts';

/** `npm start`: the console on PORT (API, sockets and the built web app). */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(config);
  // On SIGINT/SIGTERM: stop accepting, let requests in flight finish, close the database.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'fatal error, shutting down');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
  await app.listen({ port: config.port, host: config.host });
  const banner = startBanner(app, config);
  operatorLog(app).info(banner.fields, 'console started');
  if (prettyLogs(config)) console.log(banner.lines.join('\n'));
}

await main();
