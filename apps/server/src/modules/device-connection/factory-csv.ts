import { deviceKindSchema } from '@hmi/domain';
import type { DeviceRegistration } from './db-device-registry.ts';

/** Parses a factory list: `sn,secret[,kind,model]` per line; blank lines, `#` comments and a header line are skipped. */
export function parseFactoryCsv(text: string): DeviceRegistration[] {
  const out: DeviceRegistration[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [sn = '', secret = '', kind = '', model] = line.split(',').map((c) => c.trim());
    if (index === 0 && sn.toLowerCase() === 'sn') continue;
    const parsedKind = kind ? deviceKindSchema.safeParse(kind.toLowerCase()) : undefined;
    if (parsedKind && !parsedKind.success) throw new Error(`line ${index + 1}: kind must be hmi or gateway`);
    out.push({ sn, secret, kind: parsedKind?.data, model });
  }
  return out;
}
