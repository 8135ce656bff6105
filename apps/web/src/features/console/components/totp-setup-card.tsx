import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton, Typography } from 'antd';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { CONSOLE_QUERY_KEY } from '../api/console-request.ts';
import { getTotpSetup } from '../api/staff-sign-in.ts';

/** A first sign-in: the QR for an authenticator app, and its key for typing in where scanning is not possible. */
export function TotpSetupCard({ challenge }: { challenge: string }) {
  const setup = useQuery({
    queryKey: [CONSOLE_QUERY_KEY, 'totp-setup', challenge],
    queryFn: () => getTotpSetup(challenge),
    staleTime: Infinity,
    retry: false,
  });
  if (setup.isError) return <Alert type="error" showIcon title={getErrorMessage(setup.error)} />;
  return (
    <div className="totp-setup">
      <p className="totp-setup__lead">
        首次登录需绑定身份验证器：用手机上的身份验证器应用（如 Google Authenticator、Microsoft
        Authenticator）扫描二维码， 再输入应用显示的6位动态验证码。
      </p>
      <div className="totp-setup__qr">
        {setup.data ? (
          <img src={setup.data.qrImage} alt="身份验证器二维码" width={180} height={180} />
        ) : (
          <Skeleton.Image active className="totp-setup__qr-placeholder" />
        )}
      </div>
      {setup.data ? (
        <p className="totp-setup__secret">
          无法扫码时手动输入密钥：
          <Typography.Text code copyable={{ text: setup.data.secret, tooltips: ['复制', '已复制'] }}>
            {setup.data.secret}
          </Typography.Text>
        </p>
      ) : null}
    </div>
  );
}
