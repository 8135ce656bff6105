import type { ChatAgentView, ChatMessage, Conversation } from '@anxin/shared/chat/chat.contract';
import { describe, expect, it } from 'vitest';
import { answerMark, formatWait, mergeMessages, transferChoices, unreadFromMember } from './inbox-rules.ts';

const message = (id: number, sender: ChatMessage['sender'] = 'member'): ChatMessage => ({
  id,
  conversationId: 7,
  clientId: `client-${id}`,
  sender,
  agentName: sender === 'agent' ? '客服小安' : null,
  kind: 'text',
  text: `第${id}条`,
  imageUrl: null,
  order: null,
  createdAt: '2026-11-28T02:00:00.000Z',
});

const conversation = (marks: Partial<Conversation>): Conversation => ({
  id: 7,
  status: 'assigned',
  queue: 'service',
  agentName: '客服小安',
  pageUrl: '/',
  ordersCode: null,
  productCode: null,
  rating: null,
  createdAt: '2026-11-28T02:00:00.000Z',
  closedAt: null,
  memberDeliveredId: 0,
  memberReadId: 0,
  agentDeliveredId: 0,
  agentReadId: 0,
  ...marks,
});

describe('the inbox’s rules', () => {
  it('merge pages and live messages by id, each once, oldest first, the later copy kept', () => {
    const merged = mergeMessages([message(3), message(5)], [message(4), { ...message(5), text: '新' }, message(1)]);
    expect(merged.map((it) => it.id)).toEqual([1, 3, 4, 5]);
    expect(merged.at(-1)?.text).toBe('新');
  });

  it('mark an answer as the member’s device got it: 已发送, 已送达, 已读', () => {
    const marks = conversation({ memberDeliveredId: 12, memberReadId: 10 });
    expect(answerMark(message(10, 'agent'), marks)).toBe('已读');
    expect(answerMark(message(11, 'agent'), marks)).toBe('已送达');
    expect(answerMark(message(13, 'agent'), marks)).toBe('已发送');
  });

  it('count the member’s messages the agent has not read', () => {
    const messages = [message(1), message(2, 'agent'), message(3), message(4)];
    expect(unreadFromMember(messages, conversation({ agentReadId: 2 }))).toBe(2);
    expect(unreadFromMember(messages, conversation({ agentReadId: 4 }))).toBe(0);
  });

  it('tell a wait to the second under an hour, to the minute beyond', () => {
    expect(formatWait(0)).toBe('0秒');
    expect(formatWait(59)).toBe('59秒');
    expect(formatWait(65)).toBe('1分05秒');
    expect(formatWait(3599)).toBe('59分59秒');
    expect(formatWait(3600 + 4 * 60 + 30)).toBe('1小时4分');
  });

  it('offer the queues first, then the other agents (never oneself), each with their queues', () => {
    const agents: ChatAgentView[] = [
      { id: 1, displayName: '客服小安', queues: ['service'] },
      { id: 2, displayName: '药师王芳', queues: ['pharmacist'] },
      { id: 3, displayName: '管理员', queues: ['service', 'pharmacist'] },
    ];
    expect(transferChoices(agents, 1)).toEqual([
      { key: 'queue:pharmacist', label: '药师队列（药品问题）', to: { queue: 'pharmacist' } },
      { key: 'queue:service', label: '客服队列', to: { queue: 'service' } },
      { key: 'staff:2', label: '药师王芳（药师）', to: { toStaffId: 2 } },
      { key: 'staff:3', label: '管理员（客服、药师）', to: { toStaffId: 3 } },
    ]);
  });
});
