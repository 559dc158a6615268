import { describeMatrix } from './matrix.ts';
import { alarmRows } from './rows/alarms.rows.ts';

describeMatrix('alarm groups, rules, records', alarmRows);
