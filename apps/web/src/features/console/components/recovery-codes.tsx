import { Alert, Button, Typography } from 'antd';

/** After the authenticator is set up: the recovery codes, shown this once, each good for one sign-in. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section className="recovery-codes" aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title" className="console-login__title">
        保存恢复码
      </h2>
      <Alert
        type="warning"
        showIcon
        title="恢复码只显示这一次"
        description="手机丢失或无法使用身份验证器时，可用恢复码代替动态验证码登录，每个恢复码只能使用一次。请抄写或保存到安全的地方。"
      />
      <ol className="recovery-codes__list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Typography.Paragraph copyable={{ text: codes.join('\n'), tooltips: ['复制全部', '已复制'] }}>
        复制全部恢复码
      </Typography.Paragraph>
      <Button type="primary" size="large" block onClick={onDone}>
        我已保存，进入后台
      </Button>
    </section>
  );
}
