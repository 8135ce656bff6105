import { CheckCircleFilled, ExclamationCircleFilled, MobileOutlined, ReloadOutlined } from '@ant-design/icons';
import { QR_FIRST_POLL_DELAY_MS, QR_POLL_INTERVAL_MS, QR_STATUS, type QrStatus } from '@anxin/shared/auth/qr-login';
import { MSG } from '@anxin/shared/common/messages';
import { Button, Spin } from 'antd';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { resolveBackUrl } from '../../../lib/safe-back-url.ts';
import { saveLoginResult } from '../../../lib/token-store.ts';
import { getQrCode, type QrCode, qrImageUrl } from '../api/get-qr-code.ts';
import { getQrStatus } from '../api/get-qr-status.ts';
import { qrLogin } from '../api/qr-login.ts';
import './login-methods.css';

/** True while the element is on screen (an inactive tab is display:none, so its polling pauses). */
function useIsVisible(ref: RefObject<HTMLElement | null>) {
  const [isVisible, setIsVisible] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setIsVisible(Boolean(entry?.isIntersecting)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return isVisible;
}

/**
 * The 扫码登录 tab: the code's image; once it has loaded, the status is polled every second
 * (the first poll after 300 ms). Scanned shows the hint to follow the phone; confirmed signs in with the
 * uuid and goes to backurl or /user; invalid shows 二维码已过期 with 刷新. A failure stops polling and
 * shows its own message with 刷新.
 */
export function QrLoginPanel() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const rootRef = useRef<HTMLDivElement>(null);
  const isVisible = useIsVisible(rootRef);
  const [generation, setGeneration] = useState(0);
  const [code, setCode] = useState<QrCode | null>(null);
  const [status, setStatus] = useState<QrStatus>(QR_STATUS.pending);
  const [isImageLoaded, setIsImageLoaded] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // A new code on open and on every 刷新.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` is the refresh trigger.
  useEffect(() => {
    let isCurrent = true;
    setCode(null);
    setStatus(QR_STATUS.pending);
    setIsImageLoaded(false);
    setFailure(null);
    getQrCode()
      .then((next) => {
        if (isCurrent) setCode(next);
      })
      .catch(() => {
        if (isCurrent) setFailure(MSG.qrImageFailed);
      });
    return () => {
      isCurrent = false;
    };
  }, [generation]);

  const isPolling =
    code !== null &&
    isImageLoaded &&
    isVisible &&
    failure === null &&
    status !== QR_STATUS.confirmed &&
    status !== QR_STATUS.invalid;
  const backUrl = searchParams.get('backurl');

  useEffect(() => {
    if (!isPolling || !code) return;
    const controller = new AbortController();
    let timer: number | undefined;
    const poll = async () => {
      try {
        const next = await getQrStatus(code.uuid, controller.signal);
        if (controller.signal.aborted) return;
        setStatus(next);
        if (next !== QR_STATUS.confirmed && next !== QR_STATUS.invalid) {
          timer = window.setTimeout(poll, QR_POLL_INTERVAL_MS);
        }
      } catch {
        if (!controller.signal.aborted) setFailure(MSG.qrStatusFailed);
      }
    };
    timer = window.setTimeout(poll, QR_FIRST_POLL_DELAY_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [isPolling, code]);

  // Confirmed on the phone: polling has stopped; sign in with the uuid once.
  const signedInUuidRef = useRef<string | null>(null);
  useEffect(() => {
    if (status !== QR_STATUS.confirmed || !code || signedInUuidRef.current === code.uuid) return;
    signedInUuidRef.current = code.uuid;
    qrLogin(code.uuid)
      .then((result) => {
        saveLoginResult(result);
        navigate(resolveBackUrl(backUrl), { replace: true });
      })
      .catch(() => setFailure(MSG.qrLoginFailed));
  }, [status, code, navigate, backUrl]);

  const refresh = () => setGeneration((value) => value + 1);
  const isScanned = !failure && (status === QR_STATUS.scanned || status === QR_STATUS.confirmed);
  const refreshButton = (
    <Button type="primary" size="small" icon={<ReloadOutlined />} onClick={refresh}>
      刷新
    </Button>
  );

  let overlay: ReactNode = null;
  if (failure) {
    overlay = (
      <div className="qr-login__overlay" role="alert">
        <ExclamationCircleFilled className="qr-login__overlay-icon qr-login__overlay-icon--error" />
        <span>{failure}</span>
        {refreshButton}
      </div>
    );
  } else if (status === QR_STATUS.invalid) {
    overlay = (
      <div className="qr-login__overlay" role="alert">
        <span>{MSG.qrExpired}</span>
        {refreshButton}
      </div>
    );
  } else if (isScanned) {
    overlay = (
      <div className="qr-login__overlay qr-login__overlay--scanned">
        <CheckCircleFilled className="qr-login__overlay-icon qr-login__overlay-icon--large" />
      </div>
    );
  } else if (!code || !isImageLoaded) {
    overlay = (
      <div className="qr-login__overlay qr-login__overlay--plain" role="status">
        <Spin />
        <span>{MSG.qrPending}</span>
      </div>
    );
  }

  return (
    <div className="qr-login" ref={rootRef}>
      <div className="qr-login__box">
        {code && !failure ? (
          <img
            className="qr-login__image"
            src={qrImageUrl(code.uuid)}
            alt="扫码登录二维码"
            width={176}
            height={176}
            onLoad={() => setIsImageLoaded(true)}
            onError={() => setFailure(MSG.qrImageFailed)}
          />
        ) : null}
        {overlay}
      </div>
      {isScanned ? (
        <p className="qr-login__hint qr-login__hint--scanned" role="status">
          {MSG.qrScanned}
        </p>
      ) : (
        <p className="qr-login__hint">
          <MobileOutlined /> 请使用已登录的手机扫描二维码，并在手机上确认登录
        </p>
      )}
    </div>
  );
}
