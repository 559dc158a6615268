import { describeMatrix } from './matrix.ts';
import { trafficRows, trafficSetup } from './rows/traffic.rows.ts';

describeMatrix('billing: Remote Access traffic', trafficRows, { setup: trafficSetup });
