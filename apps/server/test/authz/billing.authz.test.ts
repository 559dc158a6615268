import { describeMatrix } from './matrix.ts';
import { billingRows, billingSetup } from './rows/billing.rows.ts';

describeMatrix('billing', billingRows, { setup: billingSetup });
