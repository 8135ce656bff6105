import { LockOutlined, SafetyCertificateOutlined, WarningOutlined } from '@ant-design/icons';
import { MSG } from '@anxin/shared/common/messages';
import {
  fullGuestPhone,
  GUEST_LINK_MAX_WRONG_TRIES,
  GUEST_PAY_MSG,
  GUEST_PAY_TEXT,
  IS_REGISTED,
} from '@anxin/shared/guest-pay/guest-pay.constants';
import type { GuestBinding } from '@anxin/shared/guest-pay/guest-pay.contract';
import { Button, Checkbox, Input, Skeleton } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { loadForCheck } from '../../../lib/lazy-zod-rule.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { useMallConfig } from '../../mall/index.ts';
import { useConfirmPhone } from '../api/confirm-phone.ts';
import { useBinding } from '../api/get-binding.ts';
import { getInquiryCheck } from '../api/get-inquiry-check.ts';
import { isLinkLocked, isLinkTimedOut, isLinkUnknown } from '../api/guest-pay-errors.ts';
import { useRegisterByLink, useSendLinkSmsCode, useSignInByLink } from '../api/guest-sign-in.ts';
import { GuestOutcome, GuestPayFrame } from '../components/guest-pay-frame.tsx';
import { MiddleDigitsInput } from '../components/middle-digits-input.tsx';
import { guestPayPaths, useGuestPayPaths } from '../lib/guest-pay-paths.ts';
import { EMPTY_MIDDLE_DIGITS, type MiddleDigits } from '../lib/middle-digits.ts';
import { isThisBrowserMobile } from '../lib/mobile-browser.ts';

const SMS_RESEND_SECONDS = 60;

const loadEntrySchemas = () => loadForCheck(() => import('../lib/entry-schemas.ts'));

/** The confirmed phone of a registered account waits for the SMS code sent to it. */
type CodeStep = { phone: string };

type ConfirmFormProps = {
  linkKey: string;
  binding: GuestBinding;
  /** A try was counted or the key locked: the bind check is read again (tries left, the lock). */
  onTried: () => void;
};

function ConfirmForm({ linkKey, binding, onTried }: ConfirmFormProps) {
  const navigate = useNavigate();
  const paths = useGuestPayPaths();
  const [digits, setDigits] = useState<MiddleDigits>(EMPTY_MIDDLE_DIGITS);
  const [isAgreed, setIsAgreed] = useState(false);
  const [phoneError, setPhoneError] = useState('');
  const [agreementError, setAgreementError] = useState('');
  const [codeStep, setCodeStep] = useState<CodeStep | null>(null);
  const [smsCode, setSmsCode] = useState('');
  const [codeError, setCodeError] = useState('');
  const [isGoingOn, setIsGoingOn] = useState(false);
  const resend = useCountdown();

  const confirmPhone = useConfirmPhone();
  const register = useRegisterByLink(linkKey);
  const sendCode = useSendLinkSmsCode(linkKey);
  const signIn = useSignInByLink(linkKey);

  const isRegistered = binding.isRegisted === IS_REGISTED.registered;
  const buttonText = isRegistered ? GUEST_PAY_TEXT.viewButton : GUEST_PAY_TEXT.registerButton;

  /** After signing in: the inquiry first when the prescription is not complete, else the pay page. */
  const goOn = async (phone: string) => {
    setIsGoingOn(true);
    try {
      const check = await getInquiryCheck(linkKey);
      navigate(check.next === 'inquiry' ? paths.inquiry(linkKey, phone) : paths.payment(linkKey, phone));
    } catch (error) {
      setIsGoingOn(false);
      handleError(error, setPhoneError);
    }
  };

  const handleError = (error: unknown, show: (message: string) => void) => {
    if (isLinkTimedOut(error)) navigate(paths.timeout, { replace: true });
    else if (isLinkLocked(error)) onTried();
    else {
      show(getErrorMessage(error, MSG.requestError));
      if (isApiError(error) && error.status === 400) onTried();
    }
  };

  const send = async (phone: string) => {
    try {
      await sendCode.mutateAsync({ phone, purpose: 'login' });
      resend.start(SMS_RESEND_SECONDS);
    } catch (error) {
      handleError(error, setCodeError);
    }
  };

  const submitDigits = async () => {
    const schemas = await loadEntrySchemas().catch((error: Error) => setPhoneError(error.message));
    if (!schemas) return;
    const phone = schemas.guestPhoneSchema.safeParse(fullGuestPhone(binding.maskPhone, digits.join('')));
    const isPhoneOk = phone.success;
    setPhoneError(isPhoneOk ? '' : (phone.error.issues[0]?.message ?? GUEST_PAY_MSG.phoneIncomplete));
    setAgreementError(isAgreed ? '' : GUEST_PAY_MSG.agreementRequired);
    if (!phone.success || !isAgreed) return;
    try {
      const confirmed = await confirmPhone.mutateAsync({ phone: phone.data, token: linkKey });
      if (confirmed.isRegisted === IS_REGISTED.notRegistered) {
        await register.mutateAsync({ phone: confirmed.consigneePhone });
        await goOn(confirmed.consigneePhone);
      } else {
        setCodeStep({ phone: confirmed.consigneePhone });
        await send(confirmed.consigneePhone);
      }
    } catch (error) {
      handleError(error, setPhoneError);
    }
  };

  const submitCode = async (step: CodeStep) => {
    const schemas = await loadEntrySchemas().catch((error: Error) => setCodeError(error.message));
    if (!schemas) return;
    const code = schemas.smsCodeSchema.safeParse(smsCode);
    if (!code.success) {
      setCodeError(code.error.issues[0]?.message ?? MSG.smsCodeEmpty);
      return;
    }
    setCodeError('');
    try {
      await signIn.mutateAsync({ phone: step.phone, smsCode: code.data });
      await goOn(step.phone);
    } catch (error) {
      handleError(error, setCodeError);
    }
  };

  const isBusy = confirmPhone.isPending || register.isPending || signIn.isPending || isGoingOn;
  const triesLeft = binding.triesLeft < GUEST_LINK_MAX_WRONG_TRIES ? binding.triesLeft : null;

  return (
    <section className="guest-card guest-entry">
      <EntryIntro />
      <div className="guest-entry__label" id="guest-phone-label">
        下单手机号
      </div>
      <fieldset className="guest-entry__digits" aria-labelledby="guest-phone-label" disabled={codeStep !== null}>
        <MiddleDigitsInput
          maskPhone={binding.maskPhone}
          value={digits}
          onChange={(next) => {
            setDigits(next);
            setPhoneError('');
          }}
          isInvalid={phoneError !== ''}
        />
      </fieldset>
      <div className="guest-entry__error" role="alert">
        {phoneError}
        {phoneError && triesLeft !== null ? `（还可尝试${triesLeft}次）` : ''}
      </div>

      {codeStep ? (
        <div className="guest-entry__code">
          <div className="guest-entry__label">短信验证码</div>
          <p className="guest-entry__hint">验证码已发送至 {binding.maskPhone}，请注意查收</p>
          <div className="guest-entry__code-row">
            <Input
              size="large"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="请输入短信验证码"
              aria-label="短信验证码"
              value={smsCode}
              status={codeError ? 'error' : undefined}
              onChange={(event) => {
                setSmsCode(event.target.value);
                setCodeError('');
              }}
              onPressEnter={() => void submitCode(codeStep)}
            />
            <Button
              size="large"
              className="guest-entry__resend"
              disabled={resend.isRunning}
              loading={sendCode.isPending}
              onClick={() => void send(codeStep.phone)}
            >
              {resend.isRunning ? `${resend.secondsLeft}秒后重发` : '重新获取'}
            </Button>
          </div>
          <div className="guest-entry__error" role="alert">
            {codeError}
          </div>
        </div>
      ) : (
        <div className="guest-entry__agreement">
          <Checkbox
            checked={isAgreed}
            onChange={(event) => {
              setIsAgreed(event.target.checked);
              setAgreementError('');
            }}
          >
            我已阅读并同意
            <a href="/agreement/user-service" target="_blank" rel="noopener noreferrer">
              《用户服务协议》
            </a>
            和
            <a href="/agreement/privacy" target="_blank" rel="noopener noreferrer">
              《隐私政策》
            </a>
          </Checkbox>
          <div className="guest-entry__error" role="alert">
            {agreementError}
          </div>
        </div>
      )}

      <Button
        type="primary"
        size="large"
        block
        className="guest-entry__submit"
        loading={isBusy}
        onClick={() => void (codeStep ? submitCode(codeStep) : submitDigits())}
      >
        {buttonText}
      </Button>
    </section>
  );
}

/**
 * The card's opening, the same while the bind check is on its way (the prerendered page paints it) and after.
 * Whether the phone registers first, the button says (注册并查看订单 or 查看订单).
 */
function EntryIntro() {
  return (
    <>
      <h2 className="guest-card__title">
        <SafetyCertificateOutlined /> 确认下单手机号
      </h2>
      <p className="guest-entry__lead">
        客服已为您下单。为保护您的隐私，请补全下单手机号中间4位，确认后即可查看订单、完成支付。
      </p>
    </>
  );
}

/**
 * /payJianke/entry?key (and /m/payJianke/entry on a phone): the SMS link's landing page. The bind check says
 * whether the phone has an account ('0' no: 注册并查看订单; '1' yes: 查看订单, then an SMS code) or whether the
 * bind window is over ('2': /timeout). The shopper completes the masked phone's four middle digits and agrees;
 * signed in, the inquiry comes first when the prescription is not complete, else the pay page.
 */
export function GuestEntryPage() {
  const [search] = useSearchParams();
  const linkKey = search.get('key') ?? '';
  const paths = useGuestPayPaths();
  const isPhoneOnDesktopPage = !paths.isMobile && isThisBrowserMobile();
  const binding = useBinding(isPhoneOnDesktopPage ? '' : linkKey);
  const { hotline } = useMallConfig();

  // A phone's browser gets the mobile pages of the same flow.
  if (isPhoneOnDesktopPage) return <Navigate replace to={guestPayPaths(true).entry(linkKey)} />;
  if (binding.data?.isRegisted === IS_REGISTED.timedOut || isLinkTimedOut(binding.error)) {
    return <Navigate replace to={paths.timeout} />;
  }

  let content: React.ReactNode;
  if (!linkKey || isLinkUnknown(binding.error)) {
    content = (
      <GuestOutcome
        icon={<WarningOutlined />}
        tone="muted"
        title="链接无效"
        text="该链接不存在或已失效，请核对短信中的链接，或联系客服"
      />
    );
  } else if (binding.isPending) {
    content = (
      <section className="guest-card guest-entry" aria-busy="true">
        <EntryIntro />
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      </section>
    );
  } else if (binding.isError) {
    content = (
      <GuestOutcome
        icon={<WarningOutlined />}
        tone="muted"
        title={isApiError(binding.error) ? binding.error.message : MSG.requestError}
        action={
          <Button type="primary" size="large" onClick={() => void binding.refetch()}>
            重试
          </Button>
        }
      />
    );
  } else if (binding.data.isLocked) {
    content = (
      <GuestOutcome
        icon={<LockOutlined />}
        tone="muted"
        title={GUEST_PAY_MSG.linkLocked}
        text={`客服热线：${hotline}`}
      />
    );
  } else {
    content = <ConfirmForm linkKey={linkKey} binding={binding.data} onTried={() => void binding.refetch()} />;
  }

  return <GuestPayFrame title="订单确认">{content}</GuestPayFrame>;
}
