import { ExclamationCircleFilled } from '@ant-design/icons';
import { ACCOUNT_CLOSING_COOLING_OFF_DAYS } from '@anxin/shared/account/account-safety.schemas';
import { Button, Modal } from 'antd';
import '../account-deletion.css';

type WithdrawClosureModalProps = {
  isOpen: boolean;
  isWithdrawing: boolean;
  onCancel: () => void;
  onWithdraw: () => void;
};

/** The dialog of useWithdrawClosurePrompt; its own script part, loaded when a sign-in meets a closing account. */
export function WithdrawClosureModal({ isOpen, isWithdrawing, onCancel, onWithdraw }: WithdrawClosureModalProps) {
  return (
    <Modal open={isOpen} width={420} centered onCancel={onCancel} title={null} footer={null} destroyOnHidden>
      <div className="withdraw-closure">
        <ExclamationCircleFilled className="withdraw-closure__icon" />
        <h3 className="withdraw-closure__title">账号注销中</h3>
        <p className="withdraw-closure__text">
          该账号已提交注销申请，正处于{ACCOUNT_CLOSING_COOLING_OFF_DAYS}
          天冷静期。撤销注销申请后即可正常登录，账号信息保持不变。
        </p>
        <div className="withdraw-closure__actions">
          <Button size="large" onClick={onCancel}>
            暂不撤销
          </Button>
          <Button size="large" type="primary" loading={isWithdrawing} onClick={onWithdraw}>
            撤销注销申请
          </Button>
        </div>
      </div>
    </Modal>
  );
}
