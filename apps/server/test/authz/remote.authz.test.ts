import { describeMatrix } from './matrix.ts';
import { remoteRows, remoteSetup } from './rows/remote.rows.ts';

describeMatrix('remote access', remoteRows, { setup: remoteSetup });
