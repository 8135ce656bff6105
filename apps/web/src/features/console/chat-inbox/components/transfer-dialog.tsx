import type { ChatTransfer } from '@anxin/shared/chat/chat.contract';
import { Alert, Modal, Radio, Skeleton } from 'antd';
import { useState } from 'react';
import { getErrorMessage } from '../../../../lib/api-client.ts';
import { useAgents } from '../api/chat-inbox-api.ts';
import { transferChoices } from '../lib/inbox-rules.ts';

/**
 * 转接: to the pharmacists' queue (a drug question), back to customer service's queue, or to another agent by
 * name. `onTransfer` answers the server's refusal in Chinese, shown here; the dialog closes once it went.
 */
export function TransferDialog({
  isOpen,
  ownId,
  onClose,
  onTransfer,
}: {
  isOpen: boolean;
  ownId: number;
  onClose: () => void;
  onTransfer: (to: ChatTransfer) => Promise<string | null>;
}) {
  const agents = useAgents(isOpen);
  const [choice, setChoice] = useState<string>('queue:pharmacist');
  const [problem, setProblem] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const choices = transferChoices(agents.data ?? [], ownId);

  const submit = async () => {
    const target = choices.find((item) => item.key === choice);
    if (!target) return;
    setIsSending(true);
    const refusal = await onTransfer(target.to);
    setIsSending(false);
    setProblem(refusal);
    if (!refusal) onClose();
  };

  return (
    <Modal
      title="转接会话"
      open={isOpen}
      okText="转接"
      cancelText="取消"
      confirmLoading={isSending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {agents.isError ? <Alert type="error" showIcon title={getErrorMessage(agents.error)} /> : null}
      {agents.isLoading ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      <Radio.Group
        className="chat-inbox-transfer"
        aria-label="转接给"
        value={choice}
        onChange={(event) => setChoice(event.target.value)}
        options={choices.map((item) => ({ value: item.key, label: item.label }))}
      />
      {problem ? <Alert type="error" showIcon title={problem} /> : null}
    </Modal>
  );
}
