import { useQuery } from '@tanstack/react-query';
import type { TemplateTag } from '@hmi/domain';
import { deviceApi } from '../device/device.api.ts';
import { useTemplateDetail } from '../template/use-templates.ts';

/**
 * The chosen device and the tags it can have history for: its template's tags, in template
 * order. (Monitor points join here once the device detail carries them.)
 */
export function useHistoryDevice(deviceId: number | undefined) {
  const device = useQuery({
    queryKey: ['device', 'detail', deviceId ?? 0],
    queryFn: () => deviceApi.detail(deviceId ?? 0),
    enabled: deviceId !== undefined,
    staleTime: 30_000,
  });
  const templateId = device.data?.template_id ?? undefined;
  const template = useTemplateDetail(templateId ?? undefined);
  const tags: TemplateTag[] = template.data?.tags ?? [];
  const loadingTags =
    device.isPending && deviceId !== undefined ? true : templateId ? template.isPending : false;
  return { device, tags, loadingTags, tagsFailed: template.isError };
}
