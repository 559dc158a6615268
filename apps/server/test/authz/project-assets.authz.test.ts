import { describeMatrix } from './matrix.ts';
import { projectAssetRows } from './rows/project-assets.rows.ts';

describeMatrix('project pictures, share links', projectAssetRows);
