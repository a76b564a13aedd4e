import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { fileOffsetClock } from './lib/test-clock';

/** Starts the server from the environment and shuts it down gracefully on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  // A test run's clock (NODE_ENV=test only); every deployment runs on the system clock.
  const clock = config.testClockFile ? fileOffsetClock(config.testClockFile) : undefined;
  const { fastify, app } = await buildApp({ config, ...(clock ? { clock } : {}) });
  await fastify.listen({ port: config.port, host: config.host });
  fastify.log.info(
    { database: app.database.dialect, location: app.database.location, dataDir: config.dataDir },
    `Tidemark is serving on http://localhost:${config.port}`,
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    fastify.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    fastify.close().then(
      () => process.exit(0),
      (error: unknown) => {
        fastify.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
