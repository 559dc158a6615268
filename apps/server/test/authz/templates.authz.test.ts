import { describeMatrix } from './matrix.ts';
import { templateRows } from './rows/templates.rows.ts';

describeMatrix('templates, monitor points', templateRows);
