import type { MemberItem } from '@hmi/domain';
import type { MemberRow } from './member.repo.ts';

export function presentMember(r: MemberRow): MemberItem {
  const phone = r.phone === null ? null : `${r.area_code ?? ''}${r.phone}`;
  return {
    id: r.id,
    name: r.name,
    account: r.email ?? phone ?? '',
    email: r.email,
    phone: r.phone,
    area_code: r.area_code,
    is_main: r.is_main === 1,
    role_id: r.role_id,
    role_name: r.role_name,
    joined_at: r.joined_at ?? r.team_created_at,
    last_login_at: r.last_login_at,
    status: r.status,
  };
}
