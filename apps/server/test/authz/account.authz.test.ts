import { describeMatrix } from './matrix.ts';
import { accountRows } from './rows/account.rows.ts';
import { messageRows } from './rows/messages.rows.ts';

describeMatrix('account, session, messages', [...accountRows, ...messageRows]);
