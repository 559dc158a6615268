import {
  Perm,
  webhookAddBody,
  webhookCreated,
  webhookDeliveriesPage,
  webhookDeliveriesQuery,
  webhookDelivery,
  webhookEditBody,
  webhookEndpoint,
  webhookListReply,
  WebhookPaths,
  webhookRef,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entityRoutes, read, remove, write } from '../../plugins/entity-routes.ts';

/** /integration/webhook: a team's webhook endpoints and their delivery log (integration view 49, manage 50). */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { webhooks } = app.services;

  entityRoutes(app, [
    read({
      path: WebhookPaths.list,
      permission: Perm.IntegrationView,
      reply: webhookListReply,
      run: (caller) => webhooks.list(caller),
    }),
    write({
      path: WebhookPaths.add,
      permission: Perm.IntegrationManage,
      body: webhookAddBody,
      reply: webhookCreated,
      run: (caller, body) => webhooks.add(caller, body),
    }),
    write({
      path: WebhookPaths.edit,
      permission: Perm.IntegrationManage,
      body: webhookEditBody,
      reply: webhookEndpoint,
      run: (caller, body) => webhooks.edit(caller, body),
    }),
    remove({
      path: WebhookPaths.delete,
      permission: Perm.IntegrationManage,
      body: webhookRef,
      run: (caller, body) => webhooks.delete(caller, body.id),
    }),
    write({
      path: WebhookPaths.test,
      permission: Perm.IntegrationManage,
      body: webhookRef,
      reply: webhookDelivery,
      run: (caller, body) => webhooks.test(caller, body.id),
    }),
    read({
      path: WebhookPaths.deliveries,
      permission: Perm.IntegrationView,
      query: webhookDeliveriesQuery,
      reply: webhookDeliveriesPage,
      run: (caller, query) => webhooks.deliveries(caller, query),
    }),
  ]);
};
