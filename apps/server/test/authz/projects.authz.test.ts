import { describeMatrix } from './matrix.ts';
import { projectRows } from './rows/projects.rows.ts';

describeMatrix('projects, screens', projectRows);
