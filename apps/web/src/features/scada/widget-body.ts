import type { ScreenWidget, ScreenWidgetType } from '@hmi/domain';
import type { CellsByTag, LiveCell, WidgetActionEvent } from './widget-types.ts';

/*
 * What WidgetView hands each widget family's body: the widget (narrowed to its type), the cell
 * to show (the live one, or a sample while designing), whether it runs (inputs and presses
 * report) and how it reports.
 */

export interface BodyProps<T extends ScreenWidgetType = ScreenWidgetType> {
  widget: Extract<ScreenWidget, { type: T }>;
  /** The binding's cell (undefined: the widget is not bound). */
  cell: LiveCell | undefined;
  /** Running: inputs and presses report through `act`; designing: they are inert. */
  run: boolean;
  /** Reports an operation of this widget (its id added by WidgetView). */
  act(event: Omit<WidgetActionEvent, 'widgetId'>): void;
  assetUrl?: (assetId: number) => string;
  /** Cells of the other tags the widget reads (svg marks with bindings of their own). */
  marks?: CellsByTag;
}
