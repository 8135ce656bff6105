import type {
  ChatAgentView,
  ChatMessage,
  ChatQueue,
  ChatTransfer,
  Conversation,
} from '@anxin/shared/chat/chat.contract';

/** Messages by id, each once, oldest first; a later copy of a message replaces the earlier. */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Where an answer is: stored (已发送), on the member's device (已送达), read by the member (已读). */
export function answerMark(message: ChatMessage, conversation: Conversation): '已发送' | '已送达' | '已读' {
  if (conversation.memberReadId >= message.id) return '已读';
  if (conversation.memberDeliveredId >= message.id) return '已送达';
  return '已发送';
}

/** The member's messages after the agent's read mark. */
export function unreadFromMember(messages: readonly ChatMessage[], conversation: Conversation): number {
  return messages.filter((message) => message.sender === 'member' && message.id > conversation.agentReadId).length;
}

/** A member's wait, counted live: to the second under an hour (45秒, 2分05秒), to the minute beyond. */
export function formatWait(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  if (whole < 60) return `${whole}秒`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes}分${String(whole % 60).padStart(2, '0')}秒`;
  return `${Math.floor(minutes / 60)}小时${minutes % 60}分`;
}

export const QUEUE_NAME: Record<ChatQueue, string> = { service: '客服', pharmacist: '药师' };

export type TransferChoice = { key: string; label: string; to: ChatTransfer };

/**
 * Where a conversation can go: the pharmacists' queue (a drug question) and customer service's, then each
 * other agent by name with the queues they answer.
 */
export function transferChoices(agents: readonly ChatAgentView[], ownId: number): TransferChoice[] {
  return [
    { key: 'queue:pharmacist', label: '药师队列（药品问题）', to: { queue: 'pharmacist' } },
    { key: 'queue:service', label: '客服队列', to: { queue: 'service' } },
    ...agents
      .filter((agent) => agent.id !== ownId)
      .map((agent) => ({
        key: `staff:${agent.id}`,
        label: `${agent.displayName}（${agent.queues.map((queue) => QUEUE_NAME[queue]).join('、')}）`,
        to: { toStaffId: agent.id },
      })),
  ];
}
