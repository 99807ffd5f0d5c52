import { NextMeetingsCard } from '../features/calendar/NextMeetingsCard';
import { ChatScreen } from '../features/chat/ChatScreen';
import { chatFlows } from '../features/playbooks/chatFlows';

/**
 * The chat workspace with the guided flows in its slot, and the rep's next meetings above an empty
 * chat: /chat, /pro/email and /pro/gtm-advisor.
 */
export function ChatRoute() {
  return <ChatScreen flows={chatFlows} Agenda={NextMeetingsCard} />;
}
