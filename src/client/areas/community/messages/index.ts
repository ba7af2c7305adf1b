/** Direct messages between friends: the conversations and the polling chat. */
export { ChatScreen, ConversationsScreen } from './chat.js';
