import { describeMatrix } from './matrix.ts';
import { controlPanelRows } from './rows/control-panel.rows.ts';

describeMatrix('control panel', controlPanelRows);
