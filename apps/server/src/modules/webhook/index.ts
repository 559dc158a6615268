/** Webhooks (issue 29): the webhook module's public entry. */
export { webhookRoutes } from './webhook.routes.ts';
