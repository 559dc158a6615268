import { ControlPanelPaths, type ControlPanelSummary } from '@hmi/domain';
import { http } from '../../shared/http/http.ts';

/** Control panel calls (contract: packages/domain/src/api/control-panel.api.ts). */
export const controlPanelApi = {
  summary: (signal?: AbortSignal) =>
    http.get<ControlPanelSummary>(ControlPanelPaths.summary, signal ? { signal } : {}),
};

/**
 * The panel's query sits under the alarm root (['alarm']): the notify socket invalidates that
 * root on every alarm event, and acknowledging invalidates it too, so the panel follows both.
 */
export const controlPanelKeys = { summary: ['alarm', 'control-panel'] as const };
