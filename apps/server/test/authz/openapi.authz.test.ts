import { describeMatrix } from './matrix.ts';
import { openApiRows } from './rows/openapi.rows.ts';

describeMatrix('the OpenAPI document', openApiRows);
