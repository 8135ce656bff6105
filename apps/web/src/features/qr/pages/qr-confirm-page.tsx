import { CheckCircleFilled, CloseCircleFilled, DesktopOutlined, ExclamationCircleFilled } from '@ant-design/icons';
import { QR_STATUS, qrUuidSchema } from '@anxin/shared/auth/qr-login';
import { MSG } from '@anxin/shared/common/messages';
import { Avatar, Button, Spin } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useFeedback } from '../../../app/feedback.tsx';
import { BrandMark } from '../../../app/shell/brand-logo.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { buildLoginUrl } from '../../../lib/safe-back-url.ts';
import { useIsSignedIn } from '../../../lib/use-session.ts';
import { useMemberVo } from '../../profile/index.ts';
import { useCancelQrLogin } from '../api/cancel-qr-login.ts';
import { useConfirmQrLogin } from '../api/confirm-qr-login.ts';
import { type QrScan, scanQrCode } from '../api/scan-qr-code.ts';
import '../qr.css';

type PageState =
  | { kind: 'scanning' }
  | { kind: 'ready'; scan: QrScan }
  | { kind: 'confirmed' }
  | { kind: 'canceled' }
  | { kind: 'failed'; title: string; detail: string };

const EXPIRED_STATE: PageState = {
  kind: 'failed',
  title: MSG.qrExpired,
  detail: '请在电脑上刷新二维码后重新扫描',
};

/**
 * /m/qr-confirm?uuid=…, opened by scanning the login QR code with a phone. A signed-in member sees
 * who is asking to sign in (device, IP, time) and confirms (确认登录) or cancels (取消). Opening it moves the
 * code to "scanned".
 */
export function QrConfirmPage() {
  const isSignedIn = useIsSignedIn();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const uuid = searchParams.get('uuid') ?? '';
  const isUuidValid = qrUuidSchema.safeParse(uuid).success;

  let content: ReactNode;
  if (!isUuidValid) {
    content = <QrOutcome state={EXPIRED_STATE} />;
  } else if (!isSignedIn) {
    content = (
      <div className="qr-confirm__card">
        <DeviceBadge />
        <h1 className="qr-confirm__title">扫码登录</h1>
        <p className="qr-confirm__lead">登录后，即可确认电脑端的扫码登录</p>
        <div className="qr-confirm__actions">
          <Link to={buildLoginUrl(`${location.pathname}${location.search}`)}>
            <Button type="primary" size="large" block>
              去登录
            </Button>
          </Link>
        </div>
      </div>
    );
  } else {
    content = <ConfirmPanel uuid={uuid} />;
  }

  return (
    <div className="qr-confirm">
      <header className="qr-confirm__bar">
        <BrandMark size={28} />
        <span>安心大药房</span>
      </header>
      <main className="qr-confirm__main">{content}</main>
    </div>
  );
}

function DeviceBadge() {
  return (
    <div className="qr-confirm__badge" aria-hidden="true">
      <DesktopOutlined />
    </div>
  );
}

function ConfirmPanel({ uuid }: { uuid: string }) {
  const { message } = useFeedback();
  const member = useMemberVo();
  const confirm = useConfirmQrLogin();
  const cancel = useCancelQrLogin();
  const [state, setState] = useState<PageState>({ kind: 'scanning' });
  const scannedUuidRef = useRef<string | null>(null);

  useEffect(() => {
    if (scannedUuidRef.current === uuid) return;
    scannedUuidRef.current = uuid;
    scanQrCode(uuid)
      .then((scan) => {
        if (scan.status === QR_STATUS.confirmed) setState({ kind: 'confirmed' });
        else setState({ kind: 'ready', scan });
      })
      .catch((error: unknown) => setState(failureState(error)));
  }, [uuid]);

  const handleConfirm = async () => {
    try {
      await confirm.mutateAsync(uuid);
      setState({ kind: 'confirmed' });
    } catch (error) {
      if (isApiError(error) && (error.status === 410 || error.status === 409)) setState(failureState(error));
      else message.error(getErrorMessage(error));
    }
  };

  const handleCancel = async () => {
    try {
      await cancel.mutateAsync(uuid);
      setState({ kind: 'canceled' });
    } catch (error) {
      message.error(getErrorMessage(error));
    }
  };

  if (state.kind === 'scanning') {
    return (
      <div className="qr-confirm__card qr-confirm__card--loading">
        <Spin size="large" />
      </div>
    );
  }
  if (state.kind !== 'ready') return <QrOutcome state={state} />;

  const { requester } = state.scan;
  const nickname = member.data?.nickName ?? '';
  return (
    <div className="qr-confirm__card">
      <DeviceBadge />
      <h1 className="qr-confirm__title">电脑端登录确认</h1>
      <p className="qr-confirm__lead">
        <span>您的账号正在电脑上请求登录</span>
        <span>请确认是否为本人操作</span>
      </p>
      {member.data ? (
        <div className="qr-confirm__account">
          <Avatar src={member.data.avatar} size={40} />
          <div>
            <strong>{nickname}</strong>
            <small>{member.data.phoneStr ?? ''}</small>
          </div>
        </div>
      ) : null}
      <dl className="qr-confirm__details">
        <div>
          <dt>登录设备</dt>
          <dd>{requester.device}</dd>
        </div>
        <div>
          <dt>IP 地址</dt>
          <dd>{requester.ip || '未知'}</dd>
        </div>
        <div>
          <dt>请求时间</dt>
          <dd>{dayjs(requester.requestedAt).format('YYYY-MM-DD HH:mm:ss')}</dd>
        </div>
      </dl>
      <p className="qr-confirm__warning">如非本人操作，请点击取消，并及时修改密码</p>
      <div className="qr-confirm__actions">
        <Button
          type="primary"
          size="large"
          block
          loading={confirm.isPending}
          disabled={cancel.isPending}
          onClick={() => void handleConfirm()}
        >
          确认登录
        </Button>
        <Button
          size="large"
          block
          loading={cancel.isPending}
          disabled={confirm.isPending}
          onClick={() => void handleCancel()}
        >
          取消
        </Button>
      </div>
    </div>
  );
}

function failureState(error: unknown): PageState {
  if (isApiError(error) && (error.status === 410 || error.status === 404)) return EXPIRED_STATE;
  if (isApiError(error) && error.status === 409) {
    return { kind: 'failed', title: error.message, detail: '请在电脑上刷新二维码后重新扫描' };
  }
  return { kind: 'failed', title: MSG.qrLoginFailed, detail: getErrorMessage(error) };
}

function QrOutcome({ state }: { state: PageState }) {
  let icon: ReactNode;
  let title: string;
  let detail: string;
  if (state.kind === 'confirmed') {
    icon = <CheckCircleFilled className="qr-confirm__outcome-icon qr-confirm__outcome-icon--success" />;
    title = '已确认登录';
    detail = '电脑端正在登录，请在电脑上继续操作';
  } else if (state.kind === 'canceled') {
    icon = <CloseCircleFilled className="qr-confirm__outcome-icon qr-confirm__outcome-icon--muted" />;
    title = MSG.qrCanceled;
    detail = '电脑端不会登录您的账号';
  } else if (state.kind === 'failed') {
    icon = <ExclamationCircleFilled className="qr-confirm__outcome-icon qr-confirm__outcome-icon--warning" />;
    title = state.title;
    detail = state.detail;
  } else {
    return null;
  }
  return (
    <div className="qr-confirm__card qr-confirm__card--outcome" role="status">
      {icon}
      <h1 className="qr-confirm__title">{title}</h1>
      <p className="qr-confirm__lead">{detail}</p>
      <div className="qr-confirm__actions">
        <Link to="/">
          <Button size="large" block>
            返回首页
          </Button>
        </Link>
      </div>
    </div>
  );
}
