import { describeMatrix } from './matrix.ts';
import { webhookRows } from './rows/webhooks.rows.ts';

describeMatrix('webhooks', webhookRows);
