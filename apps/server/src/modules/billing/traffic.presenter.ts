import { maskCardNumber, type RaAllocation } from '@hmi/domain';
import { cardStatus } from './billing.presenter.ts';
import { leftOf } from './traffic-ledger.service.ts';
import type { DeviceCard } from './traffic.repo.ts';

export function presentRaAllocation(card: DeviceCard, now: number): RaAllocation {
  return {
    card_id: card.card_id,
    number: maskCardNumber(card.number),
    device_id: card.device_id,
    status: cardStatus(card, now),
    gigabytes: card.gigabytes,
    used_bytes: card.used_bytes,
    left_bytes: leftOf(card, now),
    expires_at: card.expires_at,
    allocated_at: card.allocated_at,
  };
}
