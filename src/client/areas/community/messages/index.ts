/** Direct messages between friends: the conversations and the polling chat. */
export { ChatScreen, ConversationsScreen } from './chat.js';
export { MessageReports } from './message-reports.js';
