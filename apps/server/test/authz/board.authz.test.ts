import { describeMatrix } from './matrix.ts';
import { boardRows } from './rows/board.rows.ts';

describeMatrix('data board and favourite devices', boardRows);
