import type { ChatFlows } from '../chat/chatFlows';
import { ChatFlowExtras, flowPromptOf, isFlowResultOnly, offlineDraftRow } from './FlowExtras';
import { FlowMenu } from './FlowMenu';
import { FlowPanel } from './FlowPanel';

/** The guided flows as the chat screen's slot takes them (features/chat/chatFlows.ts). */
export const chatFlows: ChatFlows = {
  Menu: FlowMenu,
  Panel: FlowPanel,
  Extras: ChatFlowExtras,
  afterMessage: offlineDraftRow,
  promptOf: flowPromptOf,
  isResultOnly: isFlowResultOnly,
};
