/**
 * The billing quotas of a team changed (a card activated, a template created or deleted, a TAG
 * allocation): caches of template locks and device TAG limits drop what they hold of the team
 * (deviceIds: only those devices' limits changed). Caches reload within their TTL anyway (a card
 * expiring publishes nothing: nothing runs then).
 */
export interface BillingChangedEvent {
  teamId: number;
  deviceIds?: number[];
}

declare module '../../plugins/bus.ts' {
  interface BusEvents {
    'billing.changed': BillingChangedEvent;
  }
}
