import { MSG } from '@anxin/shared/common/messages';
import { Button, type ButtonProps, Form } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { requestSmsTicket, type SmsPurpose } from '../api/request-sms-ticket.ts';
import { sendSmsCode } from '../api/send-sms-code.ts';
import './sms-code-field.css';

/** After a successful send the button counts down 60 s. */
export const SMS_COUNTDOWN_SECONDS = 60;
/** A captcha result starting with this is a failure. */
const CAPTCHA_FAILURE_PREFIX = 'trerror';

type CaptchaRequest = { phoneNum: string; ticket: string };

// The slide captcha (and antd's Modal) is its own script part: fetched while the ticket is asked for, and
// only by a shopper who sends a code.
const loadSlideCaptcha = () => import('./slide-captcha.tsx');
const SlideCaptcha = lazy(async () => ({ default: (await loadSlideCaptcha()).SlideCaptcha }));

/**
 * The SMS-sending flow: ask for a ticket; when it needs one, pass the slide captcha; then the
 * server sends the code and the 60 s countdown starts. Render `captcha` somewhere in the page.
 */
export function useSmsCodeSender(purpose: SmsPurpose) {
  const { message } = useFeedback();
  const { secondsLeft, isRunning, start } = useCountdown();
  const [isSending, setIsSending] = useState(false);
  const [captchaRequest, setCaptchaRequest] = useState<CaptchaRequest | null>(null);
  // Stays rendered once opened, so that it closes with its animation.
  const [hasCaptchaOpened, setHasCaptchaOpened] = useState(false);
  // The ticket of the send under way; forgotten when the server refuses it (400 clears the ticket).
  const ticketRef = useRef<string | null>(null);

  const deliver = async (phoneNum: string, ticket: string, validCode?: string) => {
    try {
      await sendSmsCode({ phoneNum, ticket, validCode });
      ticketRef.current = null;
      start(SMS_COUNTDOWN_SECONDS);
      message.success('验证码已发送');
    } catch (error) {
      if (isApiError(error) && error.status === 400) ticketRef.current = null;
      message.error(getErrorMessage(error));
    }
  };

  const send = async (phoneNum: string) => {
    if (isSending || isRunning) return;
    setIsSending(true);
    void loadSlideCaptcha();
    try {
      const { ticket, isNeedCaptcha } = await requestSmsTicket({ phoneNum, purpose });
      ticketRef.current = ticket;
      if (isNeedCaptcha) {
        setHasCaptchaOpened(true);
        setCaptchaRequest({ phoneNum, ticket });
        return;
      }
      await deliver(phoneNum, ticket);
    } catch (error) {
      message.error(getErrorMessage(error));
    } finally {
      setIsSending(false);
    }
  };

  const handleCaptchaSuccess = async (validCode: string) => {
    const request = captchaRequest;
    setCaptchaRequest(null);
    if (!request || ticketRef.current !== request.ticket) return;
    if (validCode.startsWith(CAPTCHA_FAILURE_PREFIX)) {
      ticketRef.current = null;
      message.error(MSG.captchaFailed);
      return;
    }
    setIsSending(true);
    try {
      await deliver(request.phoneNum, request.ticket, validCode);
    } finally {
      setIsSending(false);
    }
  };

  const captcha = hasCaptchaOpened ? (
    <Suspense fallback={null}>
      <SlideCaptcha
        open={captchaRequest !== null}
        phoneNum={captchaRequest?.phoneNum ?? ''}
        ticket={captchaRequest?.ticket ?? ''}
        onSuccess={(validCode) => void handleCaptchaSuccess(validCode)}
        onCancel={() => setCaptchaRequest(null)}
      />
    </Suspense>
  ) : null;

  return { send, secondsLeft, isCountingDown: isRunning, isSending, captcha };
}

export type SmsCodeButtonProps = {
  purpose: SmsPurpose;
  /** The form field holding the phone; it is validated before anything is sent. */
  phoneField?: string;
  size?: ButtonProps['size'];
  className?: string;
};

/** 获取验证码 / 重新获取({n}s): place it inside an antd Form that has the phone field. */
export function SmsCodeButton({ purpose, phoneField = 'phoneNum', size = 'large', className }: SmsCodeButtonProps) {
  const form = Form.useFormInstance();
  const { send, secondsLeft, isCountingDown, isSending, captcha } = useSmsCodeSender(purpose);

  const handleClick = async () => {
    let phoneNum: string;
    try {
      const values = await form.validateFields([phoneField]);
      phoneNum = String(values[phoneField] ?? '').trim();
    } catch {
      return; // the phone field shows why
    }
    await send(phoneNum);
  };

  return (
    <>
      <Button
        size={size}
        className={className ? `sms-code-button ${className}` : 'sms-code-button'}
        onClick={() => void handleClick()}
        loading={isSending}
        // undefined, not false, when not counting down: the form's own disabled state then applies (AppProviders)
        disabled={isCountingDown || undefined}
      >
        {isCountingDown ? `重新获取(${secondsLeft}s)` : '获取验证码'}
      </Button>
      {captcha}
    </>
  );
}
