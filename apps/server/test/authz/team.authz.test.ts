import { describeMatrix } from './matrix.ts';
import { teamRows } from './rows/team.rows.ts';

describeMatrix('team administration', teamRows, { setup: (fx) => fx.withTeam() });
