import { API_BASE } from '@hmi/domain';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { alarmRuleRoutes } from './modules/alarm-rule/alarm-rule.routes.ts';
import { alarmRoutes } from './modules/alarm/alarm.routes.ts';
import { deviceConnectionRoutes } from './modules/device-connection/device-connection.routes.ts';
import { deviceGroupRoutes } from './modules/device-group/device-group.routes.ts';
import { deviceRoutes } from './modules/device/device.routes.ts';
import { historyRoutes } from './modules/history/history.routes.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { mqttWebSocketRoutes } from './modules/device-ws/mqtt-ws.routes.ts';
import { settagRoutes } from './modules/settag/settag.routes.ts';
import { apiKeyRoutes } from './modules/api-key/api-key.routes.ts';
import { keyRefused } from './modules/api-key/index.ts';
import { directoryProxyPlugin } from './modules/directory/directory-proxy.ts';
import { directoryRoutes } from './modules/directory/directory.routes.ts';
import { healthRoutes, rootReadyRoutes } from './modules/health/health.routes.ts';
import { labelRoutes } from './modules/label/label.routes.ts';
import { boardRoutes } from './modules/board/board.routes.ts';
import { messageRoutes } from './modules/messages/message.routes.ts';
import { monitorRoutes } from './modules/monitor/monitor.routes.ts';
import { notifyRoutes } from './modules/notify/notify.routes.ts';
import { registrationRoutes } from './modules/registration/registration.routes.ts';
import { sessionRoutes } from './modules/session/session.routes.ts';
import { templateRoutes } from './modules/device/template.routes.ts';
import { roleRoutes } from './modules/role/index.ts';
import { memberRoutes } from './modules/member/index.ts';
import { invitationRoutes } from './modules/invitation/index.ts';
import { zoneRoutes } from './modules/zone/index.ts';
import { projectRoutes, recipeRoutes } from './modules/project/index.ts';
import { projectAssetRoutes } from './modules/project-asset/index.ts';
import { projectShareRoutes } from './modules/project-share/index.ts';
import { billingRoutes } from './modules/billing/index.ts';
import { controlPanelRoutes } from './modules/control-panel/control-panel.routes.ts';
import { remoteRoutes } from './modules/remote/index.ts';
import { webhookRoutes } from './modules/webhook/index.ts';
import { apiDocsRoutes, openApiRoutes } from './modules/openapi/openapi.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { bodyLimitPlugin } from './plugins/body-limit.ts';
import { busPlugin } from './plugins/bus.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { dbPlugin } from './plugins/db.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { mailPlugin } from './plugins/mail.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { routeTablePlugin } from './plugins/route-table.ts';
import { runtimePlugin } from './plugins/runtime.ts';
import { securityPlugin } from './plugins/security.ts';
import { webStaticPlugin } from './plugins/web-static.ts';
import { websocketPlugin } from './plugins/websocket.ts';
import { loggerOptions, logRequests } from './lib/logging.ts';
import { composeApp } from './composition-root.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where devices connect: MQTT_URL, or the embedded broker's mqtt://127.0.0.1:<port actually bound>. */
    deviceMqttUrl: string;
  }
}

export interface BuildOptions {
  /** Overrides of the pino logger options (tests pass `false`). */
  logger?: FastifyServerOptions['logger'];
}

/**
 * Builds the console's Fastify instance: infrastructure plugins, the services of the composition
 * root (started by the runtime plugin), then the /v1 API (every route behind the auth plugin,
 * deny by default), then the built web app. Migrates the database.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    // One line per request from our own hook (lib/logging.ts) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // Closing: answer requests in flight, refuse new ones with 503 (close-with-grace in main.ts).
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  logRequests(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  // First, so that it sees every route (the authorization matrix test reads its table).
  await app.register(routeTablePlugin);
  await app.register(errorsPlugin);
  await app.register(bodyLimitPlugin, { config });
  await app.register(securityPlugin, { config });
  await app.register(compressionPlugin);
  await app.register(dbPlugin, { config });
  await app.register(mailPlugin, { config });
  // GET /metrics and the registry every part registers its metrics on (before the bus: its lag).
  await app.register(metricsPlugin, { config });
  await app.register(busPlugin, { config, metrics: app.metrics });
  // The composition root builds every service once; the runtime plugin starts what runs.
  const { services, runtime, deviceMqttUrl } = composeApp({
    db: app.db,
    dbEngine: app.dbEngine,
    config,
    mailer: app.mailer,
    bus: app.bus,
    log: app.log,
    metrics: app.metrics,
    // The default URL devices dial for tunnels is this server's listening address.
    listenAddress: () => app.server.address(),
  });
  app.decorate('services', services);
  // Before the runtime: on close its preClose ends the WebSocket connections first, as it did.
  await app.register(websocketPlugin, { config });
  await app.register(runtimePlugin, { parts: runtime });
  app.decorate('deviceMqttUrl', deviceMqttUrl());

  await app.register(
    async (api) => {
      await api.register(authPlugin, {
        principals: services.principals,
        apiKeys: {
          refused: keyRefused,
          recordWrite: (caller, method, url, status) =>
            services.apiKeys.recordWrite(caller, method, url, status),
        },
      });
      await api.register(healthRoutes);
      await api.register(sessionRoutes);
      await api.register(registrationRoutes);
      await api.register(accountRoutes);
      await api.register(directoryRoutes);
      await api.register(apiKeyRoutes);
      if (config.directoryUrl) {
        // A region: account calls of directory accounts go to the directory (docs/regions.md).
        await api.register(directoryProxyPlugin, {
          directoryUrl: config.directoryUrl,
          users: services.users,
          sessions: services.sessions,
        });
      }
      await api.register(messageRoutes);
      await api.register(deviceRoutes);
      await api.register(deviceConnectionRoutes);
      await api.register(deviceGroupRoutes);
      await api.register(labelRoutes);
      await api.register(templateRoutes);
      await api.register(monitorRoutes);
      await api.register(historyRoutes);
      await api.register(settagRoutes);
      await api.register(liveRoutes);
      await api.register(boardRoutes);
      await api.register(alarmRuleRoutes);
      await api.register(alarmRoutes);
      await api.register(notifyRoutes);
      await api.register(roleRoutes);
      await api.register(memberRoutes);
      await api.register(invitationRoutes);
      await api.register(zoneRoutes);
      await api.register(projectRoutes);
      await api.register(recipeRoutes);
      await api.register(projectAssetRoutes);
      await api.register(projectShareRoutes);
      await api.register(billingRoutes);
      await api.register(controlPanelRoutes);
      await api.register(remoteRoutes);
      await api.register(webhookRoutes);
      // The OpenAPI document of every route above (and below: it is built on its first call).
      await api.register(openApiRoutes);
    },
    { prefix: API_BASE },
  );

  // Readiness at the root too, for probes and load balancers that know no API prefix.
  await app.register(rootReadyRoutes);
  // Devices behind proxies: MQTT over WebSocket on the HTTP port (a device credential, not a token).
  await app.register(mqttWebSocketRoutes);
  // The API's reference page (Swagger UI), its own files and CSP, never part of the console.
  await app.register(apiDocsRoutes);
  await app.register(webStaticPlugin, { config });
  return app;
}
