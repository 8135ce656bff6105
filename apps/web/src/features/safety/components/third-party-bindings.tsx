import { THIRD_PARTY_NAMES, type ThirdType } from '@anxin/shared/account/third-party';
import { MSG } from '@anxin/shared/common/messages';
import { App, Button, Popconfirm, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { startOAuthSignIn } from '../../auth/api/oauth-authorize-url.ts';
import { ThirdPartyIcon } from '../../auth/components/third-party-login.tsx';
import { useThirdBindings, useUnbindThirdParty } from '../api/third-bindings.ts';

const SAFE_PAGE = '/user/personal/safe';

/** 第三方账号绑定: the four kinds with 绑定 (the OAuth round trip, origin safe) or 解绑. */
export function ThirdPartyBindings() {
  const { message } = App.useApp();
  const bindings = useThirdBindings();
  const unbind = useUnbindThirdParty();

  const handleUnbind = async (type: ThirdType) => {
    try {
      await unbind.mutateAsync(type);
      message.success(MSG.unbindSuccess);
    } catch (error) {
      message.error(getErrorMessage(error));
    }
  };

  if (bindings.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (bindings.isError) return <p className="card__empty">{getErrorMessage(bindings.error)}</p>;

  return (
    <ul className="safety-third">
      {bindings.data.map((binding) => (
        <li key={binding.type} className="safety-third__item" data-testid={`third-${binding.type}`}>
          <ThirdPartyIcon type={binding.type} />
          <div className="safety-third__text">
            <strong>{THIRD_PARTY_NAMES[binding.type]}</strong>
            {binding.isBind ? (
              <span className="safety-third__state safety-third__state--bound">
                已绑定{binding.nickname ? `（${binding.nickname}）` : ''}
                {binding.boundAt ? <small>{dayjs(binding.boundAt).format('YYYY-MM-DD')} 绑定</small> : null}
              </span>
            ) : (
              <span className="safety-third__state">未绑定</span>
            )}
          </div>
          {binding.isBind ? (
            <Popconfirm
              title={`确定解绑该${THIRD_PARTY_NAMES[binding.type]}账号吗？`}
              description="解绑后将不能再使用该账号登录"
              okText="解绑"
              cancelText="取消"
              onConfirm={() => handleUnbind(binding.type)}
            >
              <Button>解绑</Button>
            </Popconfirm>
          ) : (
            <Button
              type="primary"
              ghost
              onClick={() => startOAuthSignIn(binding.type, { origin: 'safe', backUrl: SAFE_PAGE })}
            >
              绑定
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
