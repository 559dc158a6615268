import {
  monthTrafficReply,
  monthTrafficRequest,
  Perm,
  raAllocateBody,
  raAllocation,
  raTrafficQuery,
  raTrafficReply,
  TrafficPaths,
} from '@hmi/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { entityRoutes, read, write } from '../../plugins/entity-routes.ts';

/**
 * Remote Access traffic (docs/api.md, Billing: Remote Access traffic), registered by
 * billingRoutes (so region cn answers 1002 like every billing route): allocating an RA card to a
 * device and the monthly switch need ra-allocate 21, a device's traffic myAccount view 17.
 */
export function trafficRoutes(app: Parameters<FastifyPluginAsyncZod>[0]): void {
  const { traffic } = app.services;
  entityRoutes(app, [
    write({
      path: TrafficPaths.allocate,
      permission: Perm.AccountRaAllocate,
      body: raAllocateBody,
      reply: raAllocation,
      run: (caller, body) => traffic.allocate(caller, body),
    }),
    write({
      path: TrafficPaths.monthTraffic,
      permission: Perm.AccountRaAllocate,
      // With device_id and on: the switch; without: the month's traffic per device in scope.
      body: monthTrafficRequest,
      reply: monthTrafficReply,
      run: (caller, body) =>
        'device_id' in body ? traffic.setMonth(caller, body) : traffic.monthList(caller, body.month),
    }),
    read({
      path: TrafficPaths.traffic,
      permission: Perm.AccountView,
      query: raTrafficQuery,
      reply: raTrafficReply,
      run: (caller, query) => traffic.deviceTraffic(caller, query),
    }),
  ]);
}
