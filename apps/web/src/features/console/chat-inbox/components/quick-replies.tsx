import { DeleteOutlined } from '@ant-design/icons';
import { CHAT_QUICK_REPLY_LIMIT, chatTextProblem } from '@anxin/shared/chat/chat.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input } from 'antd';
import { type FormEvent, useId, useState } from 'react';
import { getErrorMessage } from '../../../../lib/api-client.ts';
import { addQuickReply, deleteQuickReply, QUICK_REPLIES_QUERY_KEY, useQuickReplies } from '../api/chat-inbox-api.ts';

/**
 * 快捷回复, the agent's own: each one inserted into the answer with a click, added (the text rules of a
 * message, 50 at most) and deleted here. The server's refusals show as it words them.
 */
export function QuickReplies({ onInsert }: { onInsert: (text: string) => void }) {
  const inputId = useId();
  const replies = useQuickReplies();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: QUICK_REPLIES_QUERY_KEY });
  const add = useMutation({ mutationFn: addQuickReply, onSuccess: refresh });
  const remove = useMutation({ mutationFn: deleteQuickReply, onSuccess: refresh });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = chatTextProblem(draft);
    setProblem(found);
    if (found) return;
    try {
      await add.mutateAsync(draft.trim());
      setDraft('');
    } catch (error) {
      setProblem(getErrorMessage(error));
    }
  };

  const removeReply = async (id: number) => {
    try {
      await remove.mutateAsync(id);
    } catch (error) {
      setProblem(getErrorMessage(error));
    }
  };

  const items = replies.data ?? [];
  return (
    <section className="chat-inbox-quick" aria-label="快捷回复">
      {replies.isError ? <Alert type="error" showIcon title={getErrorMessage(replies.error)} /> : null}
      {replies.data && items.length === 0 ? (
        <p className="console-muted">还没有快捷回复，在下方添加常用的回复。</p>
      ) : null}
      <ul className="chat-inbox-quick__list">
        {items.map((reply) => (
          <li key={reply.id} className="chat-inbox-quick__item">
            <button type="button" className="chat-inbox-quick__text" onClick={() => onInsert(reply.text)}>
              {reply.text}
            </button>
            <Button
              type="text"
              icon={<DeleteOutlined />}
              aria-label={`删除快捷回复：${reply.text}`}
              onClick={() => void removeReply(reply.id)}
            />
          </li>
        ))}
      </ul>
      <form className="chat-inbox-quick__add" onSubmit={submit}>
        <label htmlFor={inputId} className="chat-inbox-quick__label">
          新的快捷回复（{items.length}/{CHAT_QUICK_REPLY_LIMIT}）
        </label>
        <div className="chat-inbox-quick__row">
          <Input
            id={inputId}
            value={draft}
            maxLength={600}
            status={problem ? 'error' : undefined}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => {
              setDraft(event.target.value);
              setProblem(null);
            }}
          />
          <Button htmlType="submit" loading={add.isPending}>
            添加
          </Button>
        </div>
        {problem ? (
          <p className="chat-inbox__problem" role="alert">
            {problem}
          </p>
        ) : null}
      </form>
    </section>
  );
}
