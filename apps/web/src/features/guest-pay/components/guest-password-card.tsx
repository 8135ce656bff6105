import { KeyOutlined } from '@ant-design/icons';
import { smsCodeSchema } from '@anxin/shared/account/account.schemas';
import { MSG } from '@anxin/shared/common/messages';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { NewPasswordFields } from '../../auth/index.ts';
import { useSendLinkSmsCode } from '../api/guest-sign-in.ts';
import { useSetGuestPassword } from '../api/set-guest-password.ts';

const SMS_RESEND_SECONDS = 60;

type PasswordValues = { password: string; confirmPassword: string; smsCode: string };

/**
 * 设置登录密码: an account made by the link has no password; the guest may set one here (the reset flow: new
 * password with the site's rules, confirmation, the link's phone and a code sent to it) to sign in on the site
 * later with phone and password. Folded until asked for.
 */
export function GuestPasswordCard({ linkKey, phone }: { linkKey: string; phone: string }) {
  const [form] = Form.useForm<PasswordValues>();
  const { message } = useFeedback();
  const [isOpen, setIsOpen] = useState(false);
  const [isDone, setIsDone] = useState(false);
  const resend = useCountdown();
  const sendCode = useSendLinkSmsCode(linkKey);
  const setPassword = useSetGuestPassword(linkKey);

  const send = async () => {
    try {
      await sendCode.mutateAsync({ phone, purpose: 'resetPassword' });
      resend.start(SMS_RESEND_SECONDS);
    } catch (error) {
      message.error(getErrorMessage(error, MSG.requestError));
    }
  };

  const handleFinish = async (values: PasswordValues) => {
    try {
      await setPassword.mutateAsync({ ...values, phone });
      message.success(MSG.passwordSet);
      setIsDone(true);
      setIsOpen(false);
    } catch (error) {
      const fields = isApiError(error) ? error.fields : [];
      if (fields.length > 0) {
        form.setFields(
          fields.map(({ field, message: text }) => ({ name: field as keyof PasswordValues, errors: [text] })),
        );
      } else message.error(getErrorMessage(error, MSG.requestError));
    }
  };

  return (
    <section className="guest-card guest-password" aria-labelledby="guest-password-title">
      <div className="guest-password__head">
        <h2 className="guest-card__title" id="guest-password-title">
          <KeyOutlined /> 设置登录密码
        </h2>
        {isOpen ? null : (
          <Button onClick={() => setIsOpen(true)} disabled={isDone}>
            {isDone ? '已设置' : '去设置'}
          </Button>
        )}
      </div>
      <p className="guest-password__lead">
        设置密码后，可使用手机号 {phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2')}{' '}
        和密码登录安心大药房，随时查看订单。
      </p>
      {isOpen ? (
        <Form
          form={form}
          layout="vertical"
          className="guest-password__form"
          onFinish={handleFinish}
          requiredMark={false}
        >
          <NewPasswordFields name="password" confirmName="confirmPassword" />
          <Form.Item label="短信验证码" required>
            <div className="guest-entry__code-row">
              <Form.Item name="smsCode" noStyle rules={[zodRule(smsCodeSchema)]}>
                <Input
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  placeholder="请输入短信验证码"
                  aria-label="短信验证码"
                />
              </Form.Item>
              <Button
                className="guest-entry__resend"
                disabled={resend.isRunning}
                loading={sendCode.isPending}
                onClick={() => void send()}
              >
                {resend.isRunning ? `${resend.secondsLeft}秒后重发` : '获取验证码'}
              </Button>
            </div>
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={setPassword.isPending}>
            确认设置
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
