import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { deviceInConfiguration, ErrorCode, type DeviceInConfiguration } from '@hmi/domain';
import { isApiError } from '../../shared/http/http-errors.ts';

type Where = DeviceInConfiguration['where'];

/** The screens that still bind devices, from a 1091 reply's `data.where`; undefined for any other failure. */
export function referencesOf(e: unknown): Where | undefined {
  if (!isApiError(e) || e.code !== ErrorCode.E1091_DEVICE_IN_CONFIGURATION) return undefined;
  const parsed = deviceInConfiguration.safeParse(e.data);
  return parsed.success && parsed.data.where.length > 0 ? parsed.data.where : undefined;
}

interface Props {
  /** The placed failure's text (usePlacedFailure / failureText). */
  text: string;
  /** The failed call's error: a 1091 lists where each device is still bound. */
  error: unknown;
  /** Names of the devices the caller sees (a device it does not see shows by its number). */
  deviceName(id: number): string | undefined;
  onClose?: () => void;
  testId: string;
}

/**
 * A failed project call where it happened (the editor's footer, the detail panel): the translated
 * reason and, for 1091, each device with the project and the screens that still bind it, so the
 * user knows which screens to open in the designer.
 */
export function ProjectFailure({ text, error, deviceName, onClose, testId }: Props) {
  const { t } = useTranslation('project');
  const where = referencesOf(error);
  return (
    <Alert
      type="error"
      showIcon
      title={text}
      className="project-failure"
      data-testid={testId}
      {...(onClose ? { closable: { onClose } } : {})}
      description={
        where ? (
          <ul className="project-references" data-testid="project-references">
            {where.map((w) => (
              <li key={`${w.project_id}-${w.device_id}`}>
                {t('references.line', {
                  device: deviceName(w.device_id) ?? t('references.device', { id: w.device_id }),
                  project: w.project,
                  screens: w.screens.join(t('references.separator')),
                  count: w.screens.length,
                })}
              </li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}
