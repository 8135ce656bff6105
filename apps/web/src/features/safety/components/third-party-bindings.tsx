import { THIRD_PARTY_NAMES, type ThirdType } from '@anxin/shared/account/third-party';
import { MSG } from '@anxin/shared/common/messages';
import { Button, Popconfirm, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useFeedback } from '../../../app/feedback.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { ThirdPartyIcon } from '../../auth/index.ts';
import { startThirdBinding, useThirdBindings, useUnbindThirdParty } from '../api/third-bindings.ts';

/**
 * 第三方账号绑定: the four kinds with 绑定 (the OAuth round trip, started by the signed-in member through the
 * API, then the provider's page) or 解绑.
 */
export function ThirdPartyBindings() {
  const { message } = useFeedback();
  const bindings = useThirdBindings();
  const unbind = useUnbindThirdParty();
  const [startingType, setStartingType] = useState<ThirdType | null>(null);

  // Back from the provider's page through the browser's history: the page is restored as it was left.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setStartingType(null);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const handleBind = async (type: ThirdType) => {
    setStartingType(type);
    try {
      window.location.assign(await startThirdBinding(type));
    } catch (error) {
      message.error(getErrorMessage(error));
      setStartingType(null);
    }
  };

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
              loading={startingType === binding.type}
              disabled={startingType !== null && startingType !== binding.type}
              onClick={() => void handleBind(binding.type)}
            >
              绑定
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
