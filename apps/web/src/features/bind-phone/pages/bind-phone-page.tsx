import { MobileOutlined } from '@ant-design/icons';
import { AccountSafetyCode } from '@anxin/shared/account/account-safety.schemas';
import {
  bindSuccessMessage,
  isThirdType,
  loginTypeOfThirdType,
  sameThirdBinderMessage,
  THIRD_PARTY_NAMES,
} from '@anxin/shared/account/third-party';
import { MSG } from '@anxin/shared/common/messages';
import { PHONE_MAX_LENGTH, phoneSchema } from '@anxin/shared/common/phone';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { buildLoginUrl, isSafeBackUrl } from '../../../lib/safe-back-url.ts';
import { type LoginResult, saveLoginResult } from '../../../lib/token-store.ts';
import { useIsSignedIn } from '../../../lib/use-session.ts';
import { zodRule } from '../../../lib/zod-rule.ts';
import { AuthFrame, ImageCodeField, SmsCodeField, ThirdPartyIcon, useImageCode } from '../../auth/index.ts';
import { useBindPhone } from '../api/bind-phone.ts';
import { hasSameThirdBinder } from '../api/same-third-binder.ts';
import { useRegisterThirdParty } from '../api/third-party-registry.ts';
import { PhoneTakenDialog } from '../components/phone-taken-dialog.tsx';
import '../bind-phone.css';

type BindValues = { userName: string; validCode: string; captchaCode?: string };

/** What the password login hands over in the history state (1001000003: bind a phone first). */
type PasswordLoginState = { loginName?: string; password?: string; loginType?: number };

const SAFE_PAGE = '/user/personal/safe';

/** Binding failures show the server's message, and on 500 服务异常，账号绑定失败. */
function bindErrorMessage(error: unknown) {
  if (isApiError(error) && error.status >= 500) return MSG.bindServerError;
  return getErrorMessage(error);
}

/**
 * /user/bind/phone/{type}. Type add binds a phone to the account that is signing in: a third-party
 * account (ticket of the OAuth callback) or a password account without a phone (login name and password from
 * the password login). Any other type changes the signed-in member's phone. A registered phone opens the
 * dialog: link the accounts (merge), or enter another phone.
 */
export function BindPhonePage() {
  const { type } = useParams();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const isSignedIn = useIsSignedIn();
  const [form] = Form.useForm<BindValues>();
  const [takenPhone, setTakenPhone] = useState<string | null>(null);
  const registerThirdParty = useRegisterThirdParty();
  const bindPhone = useBindPhone();
  const [isLinking, setIsLinking] = useState(false);
  // The password is checked like the login's (image code after failures). A link refused for the image code
  // is sent again, as a link, by the next submit with that phone: the dialog has no field for the code.
  const imageCode = useImageCode(form);
  const [linkPendingPhone, setLinkPendingPhone] = useState<string | null>(null);

  // /user/bind/phone/add is its own route (its own title), so it has no :type param.
  const isAdd = type === undefined || type === 'add';
  const thirdTypeValue = Number(searchParams.get('thirdType'));
  const thirdType = isThirdType(thirdTypeValue) ? thirdTypeValue : undefined;
  const ticket = searchParams.get('ticket') ?? undefined;
  const loginState = (location.state ?? {}) as PasswordLoginState;
  const loginName = searchParams.get('loginName') ?? loginState.loginName;
  const password = loginState.password;
  const backUrl = searchParams.get('backUrl');
  const hasThirdParty = Boolean(ticket && thirdType);
  const hasPasswordAccount = Boolean(loginName && password);

  if (isAdd && !hasThirdParty && !hasPasswordAccount) return <Navigate to="/user/login" replace />;
  if (!isAdd && !isSignedIn) return <Navigate to={buildLoginUrl(`${location.pathname}${location.search}`)} replace />;

  /** Who is binding: the third-party ticket, or the password account (login type 1). */
  const subject = hasThirdParty
    ? { ticket, loginType: thirdType ? loginTypeOfThirdType(thirdType) : undefined }
    : { loginName, loginType: 1, password };

  const finish = (result: LoginResult | { phoneStr: string } | undefined, successText: string) => {
    if (result && 'access_token' in result) saveLoginResult(result);
    message.success(successText);
    const fallback = isAdd ? '/user' : SAFE_PAGE;
    navigate(isSafeBackUrl(backUrl) ? backUrl : fallback, { replace: true });
  };

  const handleFinish = async (values: BindValues) => {
    const body = { userName: values.userName.trim(), validCode: values.validCode.trim() };
    try {
      if (!isAdd) {
        finish(await bindPhone.mutateAsync(body), '手机号修改成功');
      } else if (hasThirdParty && ticket) {
        finish(
          await registerThirdParty.mutateAsync({ ticket, ...body }),
          thirdType ? bindSuccessMessage(thirdType) : '绑定成功',
        );
      } else if (linkPendingPhone === body.userName) {
        finish(await bindPhone.mutateAsync({ ...subject, ...body, ...imageCode.answer(), type: 1 }), '账号关联成功');
      } else {
        finish(await bindPhone.mutateAsync({ ...subject, ...body, ...imageCode.answer() }), '手机号绑定成功');
      }
    } catch (error) {
      if (isAdd && isApiError(error) && error.code === AccountSafetyCode.phoneRegistered) {
        setTakenPhone(body.userName);
        return;
      }
      if (isApiError(error) && error.fields.some((field) => field.field === 'validCode')) {
        form.setFields([{ name: 'validCode', errors: [error.message] }]);
        return;
      }
      if (imageCode.handleRefusal(error)) return;
      message.error(bindErrorMessage(error));
    }
  };

  /** 关联账号: only with the phone's code (already checked by the server), and never two accounts of one kind. */
  const handleLink = async () => {
    const { userName, validCode } = form.getFieldsValue();
    const body = { userName: userName.trim(), validCode: validCode.trim() };
    setIsLinking(true);
    try {
      if (hasThirdParty && thirdType && (await hasSameThirdBinder({ type: thirdType, ...body }))) {
        setTakenPhone(null);
        message.error(sameThirdBinderMessage(thirdType));
        return;
      }
      const result = await bindPhone.mutateAsync({ ...subject, ...body, ...imageCode.answer(), type: 1 });
      setTakenPhone(null);
      finish(result, thirdType ? bindSuccessMessage(thirdType) : '账号关联成功');
    } catch (error) {
      setTakenPhone(null);
      if (imageCode.handleRefusal(error)) {
        setLinkPendingPhone(body.userName);
        return;
      }
      message.error(bindErrorMessage(error));
    } finally {
      setIsLinking(false);
    }
  };

  const handleChoosePhone = () => {
    setTakenPhone(null);
    setLinkPendingPhone(null);
    form.resetFields();
    setTimeout(() => form.getFieldInstance('userName')?.focus?.(), 0);
  };

  const isSubmitting = registerThirdParty.isPending || bindPhone.isPending;

  return (
    <AuthFrame>
      <div className="auth-card__header">
        <h2 className="auth-card__title">{isAdd ? '绑定手机号' : '修改手机号'}</h2>
        {isAdd ? (
          <Link to="/user/login" className="auth-card__switch">
            返回登录
          </Link>
        ) : (
          <Link to={SAFE_PAGE} className="auth-card__switch">
            返回账户安全
          </Link>
        )}
      </div>
      <div className="bind-phone__notice">
        {isAdd && thirdType ? (
          <>
            <ThirdPartyIcon type={thirdType} className="bind-phone__notice-icon" />
            <span>您正在使用{THIRD_PARTY_NAMES[thirdType]}账号登录，为了您的账户安全，请绑定手机号。</span>
          </>
        ) : isAdd ? (
          <span>
            账号 <strong>{loginName}</strong> 尚未绑定手机号，为了您的账户安全，请先绑定手机号。
          </span>
        ) : (
          <span>请输入新的手机号并完成短信验证，修改后请使用新手机号登录。</span>
        )}
      </div>
      <Form
        form={form}
        name="bind-phone"
        size="large"
        requiredMark={false}
        validateTrigger="onBlur"
        onFinish={handleFinish}
        className="auth-form"
      >
        <Form.Item name="userName" rules={[zodRule(phoneSchema)]}>
          <Input
            prefix={<MobileOutlined />}
            placeholder={isAdd ? '请输入手机号' : '请输入新手机号'}
            maxLength={PHONE_MAX_LENGTH}
            inputMode="tel"
            autoComplete="tel"
          />
        </Form.Item>
        <SmsCodeField name="validCode" purpose="bindPhone" phoneField="userName" />
        {imageCode.fieldProps ? <ImageCodeField {...imageCode.fieldProps} /> : null}
        <Form.Item className="auth-form__submit">
          <Button type="primary" htmlType="submit" block loading={isSubmitting}>
            {isAdd ? '绑定并登录' : '确认修改'}
          </Button>
        </Form.Item>
        <div className="auth-form__demo">
          <Link to="/dev/sms-outbox" target="_blank">
            演示：查看短信发件箱
          </Link>
        </div>
      </Form>
      <PhoneTakenDialog
        phone={takenPhone}
        isLinking={isLinking}
        onLink={() => void handleLink()}
        onChoosePhone={handleChoosePhone}
      />
    </AuthFrame>
  );
}
