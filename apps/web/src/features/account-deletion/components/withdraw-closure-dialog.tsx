import { ExclamationCircleFilled } from '@ant-design/icons';
import { ACCOUNT_CLOSING_COOLING_OFF_DAYS, AccountSafetyCode } from '@anxin/shared/account/account-safety.schemas';
import { App, Button, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { resolveBackUrl } from '../../../lib/safe-back-url.ts';
import { saveLoginResult } from '../../../lib/token-store.ts';
import { useWithdrawClosure } from '../api/close-account.ts';
import '../account-deletion.css';

type Credentials = { phoneNum: string; smsCode: string };

/**
 * For the SMS sign-in: when the server answers ACCOUNT_CLOSING (the account is in its cooling-off period),
 * `offer` opens a dialog offering 撤销注销申请; withdrawing signs the member in with the same code.
 */
export function useWithdrawClosurePrompt(): {
  offer: (error: unknown, credentials: Credentials) => boolean;
  dialog: ReactNode;
} {
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const withdraw = useWithdrawClosure();

  const offer = (error: unknown, given: Credentials) => {
    if (!isApiError(error) || error.code !== AccountSafetyCode.accountClosing) return false;
    setCredentials(given);
    return true;
  };

  const handleWithdraw = async () => {
    if (!credentials) return;
    try {
      saveLoginResult(await withdraw.mutateAsync(credentials));
      setCredentials(null);
      message.success('已撤销注销申请，欢迎回来');
      navigate(resolveBackUrl(searchParams.get('backurl')), { replace: true });
    } catch (error) {
      message.error(getErrorMessage(error));
    }
  };

  const dialog = (
    <Modal
      open={credentials !== null}
      width={420}
      centered
      onCancel={() => setCredentials(null)}
      title={null}
      footer={null}
      destroyOnHidden
    >
      <div className="withdraw-closure">
        <ExclamationCircleFilled className="withdraw-closure__icon" />
        <h3 className="withdraw-closure__title">账号注销中</h3>
        <p className="withdraw-closure__text">
          该账号已提交注销申请，正处于{ACCOUNT_CLOSING_COOLING_OFF_DAYS}
          天冷静期。撤销注销申请后即可正常登录，账号信息保持不变。
        </p>
        <div className="withdraw-closure__actions">
          <Button size="large" onClick={() => setCredentials(null)}>
            暂不撤销
          </Button>
          <Button size="large" type="primary" loading={withdraw.isPending} onClick={() => void handleWithdraw()}>
            撤销注销申请
          </Button>
        </div>
      </div>
    </Modal>
  );

  return { offer, dialog };
}
