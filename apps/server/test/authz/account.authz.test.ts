import { describeMatrix } from './matrix.ts';
import { accountRows } from './rows/account.rows.ts';
import { messageRows } from './rows/messages.rows.ts';
import { operationsRows } from './rows/operations.rows.ts';

describeMatrix('account, session, messages, operations', [...accountRows, ...messageRows, ...operationsRows]);
