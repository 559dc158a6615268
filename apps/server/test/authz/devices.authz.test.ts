import { describeMatrix } from './matrix.ts';
import { deviceRows } from './rows/devices.rows.ts';

describeMatrix('devices, labels, groups', deviceRows);
