import type { APIRequestContext } from '@playwright/test';
import type { ChatAgentContext, ChatInboxItem, ChatMessage } from '../../packages/shared/src/chat/chat.contract.ts';
import { staffBearer, staffToken } from './staff.ts';
import { expect } from './test.ts';

// The agent's side of a chat journey (docs/CHAT.md): kefu_demo answers through the console's API
// (/web-gateway/admin/chat/…), signed in once per run (support/staff.ts).

const CHAT = '/web-gateway/admin/chat';

async function agentHeaders(request: APIRequestContext) {
  return staffBearer(await staffToken(request, 'kefu_demo'));
}

/** The conversation whose member wrote `question`, once it is in kefu_demo's inbox. */
export async function conversationAsking(request: APIRequestContext, question: string): Promise<number> {
  const headers = await agentHeaders(request);
  let conversationId = 0;
  await expect
    .poll(async () => {
      const inbox = (await (await request.get(`${CHAT}/inbox`, { headers })).json()) as ChatInboxItem[];
      for (const { conversation } of inbox) {
        const history = await request.get(`${CHAT}/conversations/${conversation.id}/messages`, { headers });
        const { content } = (await history.json()) as { content: ChatMessage[] };
        if (content.some((message) => message.text === question)) conversationId = conversation.id;
      }
      return conversationId;
    })
    .toBeGreaterThan(0);
  return conversationId;
}

/** What the agent sees beside the conversation: its page, order or product, the member. */
export async function agentView(request: APIRequestContext, conversationId: number): Promise<ChatAgentContext> {
  const reply = await request.get(`${CHAT}/conversations/${conversationId}`, { headers: await agentHeaders(request) });
  expect(reply.ok(), await reply.text()).toBe(true);
  return (await reply.json()) as ChatAgentContext;
}

/** kefu_demo takes the conversation (when nobody has yet) and answers `answers`, one message each. */
export async function agentAnswers(request: APIRequestContext, conversationId: number, ...answers: string[]) {
  const headers = await agentHeaders(request);
  const { conversation } = await agentView(request, conversationId);
  if (conversation.status === 'waiting') {
    const taken = await request.post(`${CHAT}/conversations/${conversationId}/take`, { headers });
    expect(taken.ok(), await taken.text()).toBe(true);
  }
  for (const [index, text] of answers.entries()) {
    const answered = await request.post(`${CHAT}/conversations/${conversationId}/messages`, {
      headers,
      data: { clientId: `e2e-${Date.now()}-${index}`, text },
    });
    expect(answered.status(), await answered.text()).toBe(201);
  }
}
