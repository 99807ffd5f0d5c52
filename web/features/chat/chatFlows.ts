/**
 * The chat screen's slot for the guided flows: what the playbooks feature draws in the chat
 * workspace (the sidebar's menu, the interview in place of the conversation, a flow's result
 * extras). The screen is handed them (web/app/ChatRoute.tsx), so the chat knows no flow's code and
 * the flows may use the chat's pieces (its message list, its Markdown) without an import cycle.
 */
import type { ComponentType } from 'react';
import type { FlowType } from '../../../domain/playbooks';
import type { Answers } from '../../../domain/playbooks/flow';
import type { LocalChat, LocalMessage, PitchpadDb } from '../../data/db';
import type { AfterMessage } from './MessageList';

/** Send `prompt` as the first message of the new chat `chatId` (the chat's own send path). */
export type FlowSend = (
  prompt: string,
  target: { chatId: string; title: string; playbookType: FlowType; answers: Answers },
) => Promise<{ kind: string }>;

/** The chat, as the flows' pieces under its messages read it. */
type ChatMessages = readonly LocalMessage[] | undefined;

export interface ChatFlows {
  /** The guided flows in the sidebar. */
  Menu: ComponentType<{
    db: PitchpadDb;
    activeFlow: FlowType | null;
    onStart: (type: FlowType) => void;
    /** The user does not pay for Pro: each tool is marked PRO, and opening one leads to pricing. */
    locked: boolean;
  }>;
  /** A flow's interview, in place of the conversation until it finishes. */
  Panel: ComponentType<{
    type: FlowType;
    db: PitchpadDb;
    userId: number;
    showHistory: boolean;
    send: FlowSend;
    openChat: (chatId: string) => void;
    model: string | undefined;
  }>;
  /** Under a flow's chat: what its result offers besides the messages. */
  Extras: ComponentType<{
    db: PitchpadDb;
    chat: LocalChat | null;
    messages: ChatMessages;
    isLoading: boolean;
  }>;
  /** A row the chat shows after one of its messages (an email flow's offline draft). */
  afterMessage(
    db: PitchpadDb,
    chat: LocalChat | null,
    messages: ChatMessages,
  ): AfterMessage | undefined;
  /** The message a finished flow started its chat with (its composed prompt). */
  promptOf(chat: LocalChat | null, messages: ChatMessages): LocalMessage | undefined;
  /** Whether a flow's chat holds only its result, which then leads the screen. */
  isResultOnly(chat: LocalChat | null, messages: ChatMessages): boolean;
}
