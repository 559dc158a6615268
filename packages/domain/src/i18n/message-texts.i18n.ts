import type { Locale } from '../constants/locale.constants.ts';
import messagesEnUs from './messages.en-us.json' with { type: 'json' };
import messagesZhCn from './messages.zh-cn.json' with { type: 'json' };
import messagesZhTw from './messages.zh-tw.json' with { type: 'json' };

/** Texts of the messages the server writes into a user's message centre. */
export interface MessageTextCatalogue {
  welcome: { title: string; body: string };
  alarm: {
    /** Placeholders: level (a term name), device, name (the rule's). */
    title: string;
    /**
     * The content of a rule without one. Written with a rule content's own single-brace
     * placeholders ({device}, {tag}, {value}, {name}, {time}), because it stands in for one.
     */
    defaultContent: string;
  };
}

export const messageTexts: Readonly<Record<Locale, MessageTextCatalogue>> = {
  'zh-cn': messagesZhCn,
  'en-us': messagesEnUs,
  'zh-tw': messagesZhTw,
};
